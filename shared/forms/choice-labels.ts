/** How a coded choice reads on screen; the code itself is what the service stores. */
export const choiceLabels: Readonly<Record<string, string>> = {
  FUNDING_FULLY: 'Fully insured',
  FUNDING_LEVEL: 'Level funded',
  FUNDING_SELF: 'Self funded',
  FALSE: 'Neither deductible nor coinsurance',
  FALSE_COIN: 'Coinsurance only',
  TRUE: 'Deductible only',
  TRUE_COIN: 'Deductible and coinsurance',
  MULTIPLE_OF_SALARY: 'Multiple of salary',
  FLAT_AMOUNT: 'Flat amount',
  EMPLOYER_PAID: 'Employer paid',
  EMPLOYEE_COST_SHARE: 'Employee cost share',
  VOLUNTARY: 'Voluntary',
  RENEWED: 'Renewed (same carrier)',
  CONVERTED: 'Converted (different carrier)',
};

export const choiceLabel = (code: string): string => choiceLabels[code] ?? code;
