// The fixed text of the federal SBC template that every SBC reproduces, per edition: the question
// table's questions, the services table's column headers, and its rows (common medical event and
// the services under it). Public government text, the generator's raw material.

export type Edition = 2013 | 2017 | 2021;

/** The keys of the service rows whose costs a medical plan records. */
export type ServiceKey = 'pcp' | 'sp' | 'lx' | 'op' | 'er' | 'uc' | 'ip' | 'rx1' | 'rx2' | 'rx3' | 'rx4';

interface TemplateRow {
  label: string;
  key?: ServiceKey;
}

interface TemplateEvent {
  event: string;
  rows: TemplateRow[];
}

export interface EditionText {
  title: string;
  questions: { deductible: string; before?: string; other: string; limit: string; notIncluded: string; network: string; referral: string };
  /** The services table's header: the left columns, the text over both cost columns, the limitations column. */
  header: { event: string; services: string; costs?: string; limits: string };
  events: TemplateEvent[];
}

const drugs = (generic: string): TemplateEvent => ({
  event: 'If you need drugs to treat your illness or condition',
  rows: [
    { label: generic, key: 'rx1' },
    { label: 'Preferred brand drugs', key: 'rx2' },
    { label: 'Non-preferred brand drugs', key: 'rx3' },
    { label: 'Specialty drugs', key: 'rx4' },
  ],
});

const TEST: TemplateEvent = {
  event: 'If you have a test',
  rows: [{ label: 'Diagnostic test (x-ray, blood work)', key: 'lx' }, { label: 'Imaging (CT/PET scans, MRIs)' }],
};

const SURGERY: TemplateEvent = {
  event: 'If you have outpatient surgery',
  rows: [{ label: 'Facility fee (e.g., ambulatory surgery center)', key: 'op' }, { label: 'Physician/surgeon fees' }],
};

const RECOVERY = (hospice: string): TemplateEvent => ({
  event: 'If you need help recovering or have other special health needs',
  rows: ['Home health care', 'Rehabilitation services', 'Habilitation services', 'Skilled nursing care', 'Durable medical equipment', hospice].map((label) => ({
    label,
  })),
});

const QUESTIONS_2017 = {
  deductible: 'What is the overall deductible?',
  before: 'Are there services covered before you meet your deductible?',
  other: 'Are there other deductibles for specific services?',
  limit: 'What is the out-of-pocket limit for this plan?',
  notIncluded: 'What is not included in the out-of-pocket limit?',
  network: 'Will you pay less if you use a network provider?',
  referral: 'Do you need a referral to see a specialist?',
};

const EVENTS_2017: TemplateEvent[] = [
  {
    event: "If you visit a health care provider's office or clinic",
    rows: [
      { label: 'Primary care visit to treat an injury or illness', key: 'pcp' },
      { label: 'Specialist visit', key: 'sp' },
      { label: 'Preventive care/screening/immunization' },
    ],
  },
  TEST,
  drugs('Generic drugs'),
  SURGERY,
  {
    event: 'If you need immediate medical attention',
    rows: [{ label: 'Emergency room care', key: 'er' }, { label: 'Emergency medical transportation' }, { label: 'Urgent care', key: 'uc' }],
  },
  { event: 'If you have a hospital stay', rows: [{ label: 'Facility fee (e.g., hospital room)', key: 'ip' }, { label: 'Physician/surgeon fees' }] },
  {
    event: 'If you need mental health, behavioral health, or substance abuse services',
    rows: [{ label: 'Outpatient services' }, { label: 'Inpatient services' }],
  },
  {
    event: 'If you are pregnant',
    rows: [{ label: 'Office visits' }, { label: 'Childbirth/delivery professional services' }, { label: 'Childbirth/delivery facility services' }],
  },
  RECOVERY('Hospice services'),
  {
    event: 'If your child needs dental or eye care',
    rows: [{ label: "Children's eye exam" }, { label: "Children's glasses" }, { label: "Children's dental check-up" }],
  },
];

export const EDITIONS: Record<Edition, EditionText> = {
  2013: {
    title: 'Summary of Benefits and Coverage: What this Plan Covers & What it Costs',
    questions: {
      deductible: 'What is the overall deductible?',
      other: 'Are there other deductibles for specific services?',
      limit: 'Is there an out-of-pocket limit on my expenses?',
      notIncluded: 'What is not included in the out-of-pocket limit?',
      network: 'Does this plan use a network of providers?',
      referral: 'Do I need a referral to see a specialist?',
    },
    header: { event: 'Common Medical Event', services: 'Services You May Need', limits: 'Limitations & Exceptions' },
    events: [
      {
        event: "If you visit a health care provider's office or clinic",
        rows: [
          { label: 'Primary care visit to treat an injury or illness', key: 'pcp' },
          { label: 'Specialist visit', key: 'sp' },
          { label: 'Other practitioner office visit' },
          { label: 'Preventive care/screening/immunization' },
        ],
      },
      TEST,
      drugs('Generic drugs'),
      SURGERY,
      {
        event: 'If you need immediate medical attention',
        rows: [{ label: 'Emergency room services', key: 'er' }, { label: 'Emergency medical transportation' }, { label: 'Urgent care', key: 'uc' }],
      },
      { event: 'If you have a hospital stay', rows: [{ label: 'Facility fee (e.g., hospital room)', key: 'ip' }, { label: 'Physician/surgeon fee' }] },
      {
        event: 'If you have mental health, behavioral health, or substance abuse needs',
        rows: [
          { label: 'Mental/Behavioral health outpatient services' },
          { label: 'Mental/Behavioral health inpatient services' },
          { label: 'Substance use disorder outpatient services' },
          { label: 'Substance use disorder inpatient services' },
        ],
      },
      { event: 'If you are pregnant', rows: [{ label: 'Prenatal and postnatal care' }, { label: 'Delivery and all inpatient services' }] },
      RECOVERY('Hospice service'),
      { event: 'If your child needs dental or eye care', rows: [{ label: 'Eye exam' }, { label: 'Glasses' }, { label: 'Dental check-up' }] },
    ],
  },
  2017: {
    title: 'Summary of Benefits and Coverage: What this Plan Covers & What You Pay for Covered Services',
    questions: QUESTIONS_2017,
    header: {
      event: 'Common Medical Event',
      services: 'Services You May Need',
      costs: 'What You Will Pay',
      limits: 'Limitations, Exceptions, & Other Important Information',
    },
    events: EVENTS_2017,
  },
  2021: {
    title: 'Summary of Benefits and Coverage: What this Plan Covers & What You Pay for Covered Services',
    questions: QUESTIONS_2017,
    header: {
      event: 'Common Medical Event',
      services: 'Services You May Need',
      costs: 'What You Will Pay',
      limits: 'Limitations, Exceptions, & Other Important Information',
    },
    events: EVENTS_2017,
  },
};

/** The cost columns' headers per edition, before any carrier's rewording: in-network, out-of-network. */
export const NETWORK_HEADERS: Record<Edition, [string, string]> = {
  2013: ['Your cost if you use an In-network Provider', 'Your cost if you use an Out-of-network Provider'],
  2017: ['In-Network Provider (You will pay the least)', 'Out-of-Network Provider (You will pay the most)'],
  2021: ['Network Provider (You will pay the least)', 'Out-of-Network Provider (You will pay the most)'],
};
