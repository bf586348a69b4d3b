/**
 * Insurers and ways to pay that exist in each seeded country (by ISO code), so a doctor in Kigali
 * lists RSSB and MTN MoMo, not Medicaid and an HSA. Where we do not know the market well enough
 * the list of insurers is only 'Self-pay', rather than a made-up company.
 */
export interface Coverage {
  readonly insurers: readonly string[];
  readonly payments: readonly string[];
}

export const SELF_PAY = 'Self-pay';

const CARDS = ['Credit Card', 'Debit Card'];

export const COVERAGE: Readonly<Record<string, Coverage>> = {
  // europe
  GB: {
    insurers: ['Bupa', 'AXA Health', 'Vitality', 'Aviva', 'WPA'],
    payments: [...CARDS, 'Apple Pay', 'Google Pay', 'PayPal'],
  },
  IE: {
    insurers: ['VHI Healthcare', 'Laya Healthcare', 'Irish Life Health'],
    payments: [...CARDS, 'Apple Pay', 'Bank Transfer'],
  },
  DE: {
    insurers: ['Techniker Krankenkasse', 'AOK', 'Barmer', 'DAK-Gesundheit', 'Debeka'],
    payments: ['Girocard', 'Credit Card', 'PayPal', 'Bank Transfer'],
  },
  FR: {
    insurers: ['Assurance Maladie', 'MGEN', 'Harmonie Mutuelle', 'AXA'],
    payments: ['Carte Bancaire', 'Credit Card', 'Cash', 'Bank Transfer'],
  },
  ES: { insurers: ['Sanitas', 'Adeslas', 'Asisa', 'DKV', 'Mapfre'], payments: [...CARDS, 'Bizum', 'Cash'] },
  IT: { insurers: ['UniSalute', 'Generali', 'Allianz'], payments: [...CARDS, 'Satispay', 'Cash'] },
  NL: { insurers: ['Zilveren Kruis', 'CZ', 'VGZ', 'Menzis'], payments: ['iDEAL', 'Debit Card', 'Credit Card'] },
  SE: { insurers: ['Skandia', 'Länsförsäkringar', 'Folksam'], payments: ['Swish', ...CARDS] },
  CH: { insurers: ['CSS', 'Helsana', 'Swica', 'Concordia', 'Visana'], payments: ['TWINT', ...CARDS, 'Bank Transfer'] },
  PT: { insurers: ['Médis', 'Multicare', 'AdvanceCare'], payments: ['MB WAY', 'Multibanco', 'Credit Card'] },
  PL: { insurers: ['NFZ', 'Luxmed', 'Medicover', 'PZU Zdrowie'], payments: ['BLIK', ...CARDS, 'Cash'] },
  NO: { insurers: ['Storebrand', 'Gjensidige', 'If', 'Tryg'], payments: ['Vipps', ...CARDS] },
  GR: { insurers: ['EOPYY', 'Interamerican', 'NN Hellas'], payments: [...CARDS, 'Cash'] },
  BE: {
    insurers: ['Christelijke Mutualiteit', 'Solidaris', 'DKV', 'AG Insurance'],
    payments: ['Bancontact', 'Credit Card', 'Cash'],
  },
  // americas
  US: {
    insurers: ['Aetna', 'Blue Cross Blue Shield', 'Cigna', 'UnitedHealthcare', 'Humana', 'Medicare', 'Medicaid'],
    payments: [...CARDS, 'HSA', 'FSA', 'Apple Pay', 'Google Pay', 'PayPal', 'Insurance Billing'],
  },
  CA: {
    insurers: ['Sun Life', 'Manulife', 'Canada Life', 'Green Shield Canada'],
    payments: [...CARDS, 'Interac e-Transfer'],
  },
  JM: { insurers: ['Sagicor', 'Guardian Life'], payments: [...CARDS, 'Cash', 'Lynk'] },
  // latam
  BR: {
    insurers: ['SulAmérica', 'Bradesco Saúde', 'Amil', 'Unimed', 'Hapvida'],
    payments: ['Pix', 'Credit Card', 'Boleto'],
  },
  MX: {
    insurers: ['GNP Seguros', 'AXA Seguros', 'MetLife', 'Seguros Monterrey New York Life'],
    payments: [...CARDS, 'SPEI', 'OXXO Pay', 'Cash'],
  },
  AR: { insurers: ['OSDE', 'Swiss Medical', 'Galeno', 'Medifé'], payments: ['Mercado Pago', ...CARDS, 'Cash'] },
  CO: {
    insurers: ['EPS Sura', 'Sanitas', 'Compensar', 'Nueva EPS'],
    payments: ['Nequi', 'PSE', 'Credit Card', 'Cash'],
  },
  CL: {
    insurers: ['Fonasa', 'Colmena', 'Banmédica', 'Consalud', 'Cruz Blanca'],
    payments: ['Webpay', ...CARDS, 'Bank Transfer'],
  },
  PE: {
    insurers: ['EsSalud', 'Rímac', 'Pacífico Seguros', 'Mapfre'],
    payments: ['Yape', 'Plin', 'Credit Card', 'Cash'],
  },
  CR: { insurers: ['CCSS', 'INS'], payments: ['SINPE Móvil', ...CARDS, 'Cash'] },
  // africa
  NG: {
    insurers: ['NHIA', 'Hygeia HMO', 'AXA Mansard', 'Reliance HMO', 'Leadway Health'],
    payments: ['Bank Transfer', 'Debit Card', 'Cash'],
  },
  ZA: {
    insurers: ['Discovery Health', 'Bonitas', 'Momentum Health', 'Medshield', 'Bestmed'],
    payments: [...CARDS, 'EFT', 'SnapScan'],
  },
  KE: {
    insurers: ['SHA', 'Jubilee Insurance', 'AAR Insurance', 'Britam', 'CIC Insurance'],
    payments: ['M-Pesa', 'Debit Card', 'Cash'],
  },
  GH: {
    insurers: ['NHIS', 'Acacia Health', 'Nationwide Medical Insurance'],
    payments: ['MTN MoMo', 'Debit Card', 'Cash'],
  },
  ET: { insurers: ['Ethiopian Health Insurance Service'], payments: ['telebirr', 'Cash', 'Bank Transfer'] },
  UG: {
    insurers: ['Jubilee Health Insurance', 'AAR Healthcare', 'UAP Old Mutual'],
    payments: ['MTN MoMo', 'Airtel Money', 'Cash'],
  },
  TZ: {
    insurers: ['NHIF', 'Jubilee Insurance', 'AAR Insurance', 'Strategis'],
    payments: ['M-Pesa', 'Tigo Pesa', 'Cash'],
  },
  SN: { insurers: ['CMU', 'AXA', 'Sanlam'], payments: ['Wave', 'Orange Money', 'Cash'] },
  RW: {
    insurers: ['RSSB', 'Mutuelle de Santé', 'MMI', 'Radiant', 'Britam'],
    payments: ['MTN MoMo', 'Airtel Money', 'Debit Card', 'Cash'],
  },
  // mena
  AE: { insurers: ['Daman', 'Thiqa', 'Sukoon', 'ADNIC', 'GIG Gulf'], payments: [...CARDS, 'Apple Pay', 'Cash'] },
  EG: {
    insurers: ['Misr Insurance', 'AXA', 'Allianz', 'GlobeMed'],
    payments: ['Fawry', 'InstaPay', 'Debit Card', 'Cash'],
  },
  SA: {
    insurers: ['Bupa Arabia', 'Tawuniya', 'MedGulf', 'Al Rajhi Takaful'],
    payments: ['mada', 'STC Pay', 'Apple Pay', 'Credit Card'],
  },
  MA: { insurers: ['CNSS', 'CNOPS', 'Wafa Assurance', 'AXA'], payments: ['Debit Card', 'Cash', 'Bank Transfer'] },
  JO: { insurers: ['Jordan Insurance Company', 'GIG Jordan', 'MedNet'], payments: ['CliQ', 'Debit Card', 'Cash'] },
  QA: { insurers: ['QLM', 'Qatar Insurance Company', 'Al Koot'], payments: [...CARDS, 'Apple Pay', 'Cash'] },
  TN: { insurers: ['CNAM', 'STAR', 'GAT Assurances'], payments: ['Debit Card', 'Cash', 'Bank Transfer'] },
  TR: {
    insurers: ['SGK', 'Allianz', 'Anadolu Sigorta', 'AXA Sigorta', 'Acıbadem Sigorta'],
    payments: [...CARDS, 'Cash'],
  },
  // south_asia
  IN: {
    insurers: ['Star Health', 'HDFC ERGO', 'ICICI Lombard', 'Niva Bupa', 'Care Health', 'Ayushman Bharat'],
    payments: ['UPI', 'Paytm', 'Debit Card', 'Cash'],
  },
  PK: {
    insurers: ['Sehat Sahulat Program', 'State Life', 'Jubilee General', 'Adamjee Insurance', 'EFU Life'],
    payments: ['JazzCash', 'Easypaisa', 'Debit Card', 'Cash'],
  },
  BD: { insurers: ['Green Delta Insurance', 'MetLife', 'Pragati Life'], payments: ['bKash', 'Nagad', 'Cash'] },
  LK: { insurers: ['Ceylinco Insurance', 'Softlogic Life', 'AIA', 'Union Assurance'], payments: [...CARDS, 'Cash'] },
  NP: { insurers: ['Health Insurance Board', 'Shikhar Insurance'], payments: ['eSewa', 'Khalti', 'Cash'] },
  // east_asia
  JP: {
    insurers: ['National Health Insurance', "Employees' Health Insurance"],
    payments: ['Cash', 'Credit Card', 'PayPay'],
  },
  CN: {
    insurers: ['Basic Medical Insurance', 'Ping An Health', 'China Life', 'PICC'],
    payments: ['Alipay', 'WeChat Pay', 'UnionPay'],
  },
  KR: {
    insurers: ['National Health Insurance Service', 'Samsung Life', 'Hanwha Life', 'DB Insurance'],
    payments: [...CARDS, 'KakaoPay', 'Naver Pay'],
  },
  MN: { insurers: [SELF_PAY], payments: ['QPay', 'Debit Card', 'Cash', 'Bank Transfer'] },
  // sea
  SG: {
    insurers: ['MediShield Life', 'MediSave', 'AIA', 'Prudential', 'Great Eastern', 'Income Insurance'],
    payments: ['PayNow', ...CARDS, 'NETS'],
  },
  PH: {
    insurers: ['PhilHealth', 'Maxicare', 'Intellicare', 'MediCard'],
    payments: ['GCash', 'Maya', 'Credit Card', 'Cash'],
  },
  MY: {
    insurers: ['AIA', 'Prudential', 'Great Eastern', 'Allianz'],
    payments: ["Touch 'n Go eWallet", 'DuitNow', 'FPX', 'Credit Card'],
  },
  ID: {
    insurers: ['BPJS Kesehatan', 'Prudential', 'Allianz', 'AXA Mandiri'],
    payments: ['QRIS', 'GoPay', 'OVO', 'DANA'],
  },
  TH: {
    insurers: ['Universal Coverage Scheme', 'Social Security Office', 'AIA', 'Muang Thai Life', 'Allianz Ayudhya'],
    payments: ['PromptPay', 'Credit Card', 'Cash'],
  },
  VN: {
    insurers: ['Vietnam Social Security', 'Bao Viet', 'PVI', 'Manulife'],
    payments: ['MoMo', 'VNPay', 'ZaloPay', 'Cash'],
  },
  // oceania
  AU: {
    insurers: ['Medicare Australia', 'Medibank', 'Bupa', 'HCF', 'nib'],
    payments: ['EFTPOS', 'Credit Card', 'Apple Pay'],
  },
  NZ: { insurers: ['Southern Cross', 'nib', 'ACC'], payments: ['EFTPOS', 'Credit Card', 'Bank Transfer'] },
  FJ: { insurers: [SELF_PAY], payments: ['M-PAiSA', 'Cash', 'Bank Transfer'] },
  PG: { insurers: [SELF_PAY], payments: ['Cash', 'Bank Transfer', 'Debit Card'] },
};

/** Only the United States has these; a doctor anywhere else never lists them. */
export const US_ONLY_INSURERS = ['Medicare', 'Medicaid'] as const;
export const US_ONLY_PAYMENTS = ['HSA', 'FSA'] as const;

export function coverageOf(countryCode: string): Coverage {
  return COVERAGE[countryCode] ?? { insurers: [SELF_PAY], payments: ['Cash', 'Bank Transfer'] };
}
