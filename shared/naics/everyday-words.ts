/**
 * Words brokers type for the industries their clients are in, which the 2017 titles do not use
 * ("software" for custom programming, "lawyer" for Offices of Lawyers): the picker finds these codes
 * by them, and puts them first, above titles that merely contain the word (334614, "Software and
 * Other Prerecorded Compact Disc ... Reproducing"). A short list by design: the common industries of
 * an agency's book, not a thesaurus.
 */
export const EVERYDAY_WORDS: Readonly<Record<string, readonly string[]>> = {
  '511210': ['software', 'saas', 'app', 'apps'],
  '541511': ['software', 'developer', 'programming', 'it'],
  '541512': ['software', 'it', 'tech', 'technology', 'consulting'],
  '518210': ['hosting', 'cloud', 'tech'],
  '541110': ['lawyer', 'lawyers', 'attorney', 'attorneys', 'law', 'legal'],
  '541211': ['accountant', 'accountants', 'accounting', 'cpa'],
  '621111': ['doctor', 'doctors', 'physician', 'clinic', 'medical'],
  '621210': ['dentist', 'dental'],
  '622110': ['hospital'],
  '623110': ['nursing', 'home'],
  '722511': ['restaurant', 'restaurants', 'dining'],
  '722513': ['restaurant', 'restaurants', 'fast', 'food'],
  '236220': ['construction', 'contractor', 'builder'],
  '236115': ['construction', 'homebuilder', 'builder'],
  '484110': ['trucking', 'freight'],
  '561320': ['staffing', 'temp'],
  '524210': ['insurance', 'agency', 'broker'],
  '522110': ['bank', 'banking'],
  '721110': ['hotel'],
  '611110': ['school', 'k12'],
  '611310': ['college', 'university'],
  '813110': ['church', 'religious'],
  '624410': ['daycare', 'childcare'],
  '813410': ['nonprofit', 'club'],
};
