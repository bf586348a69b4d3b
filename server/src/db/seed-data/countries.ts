import { type Country, zoneOf } from '@common/constants/countries';

export const SEED_REGIONS = [
  'europe',
  'americas',
  'latam',
  'africa',
  'mena',
  'south_asia',
  'east_asia',
  'sea',
  'oceania',
] as const;

export type SeedRegion = (typeof SEED_REGIONS)[number];

export interface SeedCountry {
  readonly name: string;
  readonly code: string;
  readonly timeZone: string;
  readonly cities: readonly string[];
  readonly languages: readonly string[];
  readonly region: SeedRegion;
}

const SEEDED: readonly (Omit<SeedCountry, 'name' | 'timeZone'> & { readonly name: Country })[] = [
  // europe
  {
    name: 'United Kingdom',
    code: 'GB',
    cities: ['London', 'Manchester', 'Birmingham', 'Edinburgh', 'Bristol'],
    languages: ['English'],
    region: 'europe',
  },
  {
    name: 'Ireland',
    code: 'IE',
    cities: ['Dublin', 'Cork', 'Galway', 'Limerick'],
    languages: ['English', 'Irish'],
    region: 'europe',
  },
  {
    name: 'Germany',
    code: 'DE',
    cities: ['Berlin', 'Munich', 'Hamburg', 'Cologne', 'Frankfurt'],
    languages: ['German', 'English'],
    region: 'europe',
  },
  {
    name: 'France',
    code: 'FR',
    cities: ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Bordeaux'],
    languages: ['French'],
    region: 'europe',
  },
  {
    name: 'Spain',
    code: 'ES',
    cities: ['Madrid', 'Barcelona', 'Valencia', 'Seville'],
    languages: ['Spanish', 'Catalan'],
    region: 'europe',
  },
  {
    name: 'Italy',
    code: 'IT',
    cities: ['Rome', 'Milan', 'Naples', 'Turin', 'Florence'],
    languages: ['Italian'],
    region: 'europe',
  },
  {
    name: 'Netherlands',
    code: 'NL',
    cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'The Hague'],
    languages: ['Dutch', 'English'],
    region: 'europe',
  },
  {
    name: 'Sweden',
    code: 'SE',
    cities: ['Stockholm', 'Gothenburg', 'Malmö', 'Uppsala'],
    languages: ['Swedish', 'English'],
    region: 'europe',
  },
  {
    name: 'Switzerland',
    code: 'CH',
    cities: ['Zurich', 'Geneva', 'Basel', 'Bern', 'Lausanne'],
    languages: ['German', 'French', 'Italian'],
    region: 'europe',
  },
  {
    name: 'Portugal',
    code: 'PT',
    cities: ['Lisbon', 'Porto', 'Braga', 'Coimbra'],
    languages: ['Portuguese'],
    region: 'europe',
  },
  {
    name: 'Poland',
    code: 'PL',
    cities: ['Warsaw', 'Kraków', 'Wrocław', 'Gdańsk', 'Poznań'],
    languages: ['Polish'],
    region: 'europe',
  },
  {
    name: 'Norway',
    code: 'NO',
    cities: ['Oslo', 'Bergen', 'Trondheim', 'Stavanger'],
    languages: ['Norwegian', 'English'],
    region: 'europe',
  },
  {
    name: 'Greece',
    code: 'GR',
    cities: ['Athens', 'Thessaloniki', 'Patras', 'Heraklion'],
    languages: ['Greek'],
    region: 'europe',
  },
  {
    name: 'Belgium',
    code: 'BE',
    cities: ['Brussels', 'Antwerp', 'Ghent', 'Liège'],
    languages: ['Dutch', 'French', 'German'],
    region: 'europe',
  },

  // americas
  {
    name: 'United States',
    code: 'US',
    cities: ['New York', 'Los Angeles', 'Chicago', 'Houston', 'Boston'],
    languages: ['English', 'Spanish'],
    region: 'americas',
  },
  {
    name: 'Canada',
    code: 'CA',
    cities: ['Toronto', 'Vancouver', 'Montreal', 'Calgary', 'Ottawa'],
    languages: ['English', 'French'],
    region: 'americas',
  },
  {
    name: 'Jamaica',
    code: 'JM',
    cities: ['Kingston', 'Montego Bay', 'Spanish Town'],
    languages: ['English'],
    region: 'americas',
  },

  // latam
  {
    name: 'Brazil',
    code: 'BR',
    cities: ['São Paulo', 'Rio de Janeiro', 'Brasília', 'Salvador', 'Belo Horizonte'],
    languages: ['Portuguese'],
    region: 'latam',
  },
  {
    name: 'Mexico',
    code: 'MX',
    cities: ['Mexico City', 'Guadalajara', 'Monterrey', 'Puebla'],
    languages: ['Spanish'],
    region: 'latam',
  },
  {
    name: 'Argentina',
    code: 'AR',
    cities: ['Buenos Aires', 'Córdoba', 'Rosario', 'Mendoza'],
    languages: ['Spanish'],
    region: 'latam',
  },
  {
    name: 'Colombia',
    code: 'CO',
    cities: ['Bogotá', 'Medellín', 'Cali', 'Barranquilla'],
    languages: ['Spanish'],
    region: 'latam',
  },
  {
    name: 'Chile',
    code: 'CL',
    cities: ['Santiago', 'Valparaíso', 'Concepción', 'Antofagasta'],
    languages: ['Spanish'],
    region: 'latam',
  },
  {
    name: 'Peru',
    code: 'PE',
    cities: ['Lima', 'Arequipa', 'Trujillo', 'Cusco'],
    languages: ['Spanish', 'Quechua'],
    region: 'latam',
  },
  {
    name: 'Costa Rica',
    code: 'CR',
    cities: ['San José', 'Alajuela', 'Cartago', 'Heredia'],
    languages: ['Spanish'],
    region: 'latam',
  },

  // africa
  {
    name: 'Nigeria',
    code: 'NG',
    cities: ['Lagos', 'Abuja', 'Ibadan', 'Kano', 'Port Harcourt'],
    languages: ['English', 'Yoruba', 'Hausa'],
    region: 'africa',
  },
  {
    name: 'South Africa',
    code: 'ZA',
    cities: ['Johannesburg', 'Cape Town', 'Durban', 'Pretoria'],
    languages: ['English', 'Afrikaans', 'Zulu'],
    region: 'africa',
  },
  {
    name: 'Kenya',
    code: 'KE',
    cities: ['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru'],
    languages: ['English', 'Swahili'],
    region: 'africa',
  },
  {
    name: 'Ghana',
    code: 'GH',
    cities: ['Accra', 'Kumasi', 'Tamale', 'Takoradi'],
    languages: ['English', 'Twi'],
    region: 'africa',
  },
  {
    name: 'Ethiopia',
    code: 'ET',
    cities: ['Addis Ababa', 'Dire Dawa', 'Mekelle', 'Gondar'],
    languages: ['Amharic', 'English'],
    region: 'africa',
  },
  {
    name: 'Uganda',
    code: 'UG',
    cities: ['Kampala', 'Entebbe', 'Gulu', 'Mbarara'],
    languages: ['English', 'Swahili'],
    region: 'africa',
  },
  {
    name: 'Tanzania',
    code: 'TZ',
    cities: ['Dar es Salaam', 'Dodoma', 'Arusha', 'Mwanza'],
    languages: ['Swahili', 'English'],
    region: 'africa',
  },
  {
    name: 'Senegal',
    code: 'SN',
    cities: ['Dakar', 'Thiès', 'Saint-Louis', 'Touba'],
    languages: ['French', 'Wolof'],
    region: 'africa',
  },
  {
    name: 'Rwanda',
    code: 'RW',
    cities: ['Kigali', 'Butare', 'Musanze'],
    languages: ['Kinyarwanda', 'English', 'French'],
    region: 'africa',
  },

  // mena
  {
    name: 'United Arab Emirates',
    code: 'AE',
    cities: ['Dubai', 'Abu Dhabi', 'Sharjah', 'Al Ain'],
    languages: ['Arabic', 'English'],
    region: 'mena',
  },
  {
    name: 'Egypt',
    code: 'EG',
    cities: ['Cairo', 'Alexandria', 'Giza', 'Luxor'],
    languages: ['Arabic'],
    region: 'mena',
  },
  {
    name: 'Saudi Arabia',
    code: 'SA',
    cities: ['Riyadh', 'Jeddah', 'Mecca', 'Dammam'],
    languages: ['Arabic'],
    region: 'mena',
  },
  {
    name: 'Morocco',
    code: 'MA',
    cities: ['Casablanca', 'Rabat', 'Marrakesh', 'Fez'],
    languages: ['Arabic', 'French', 'Berber'],
    region: 'mena',
  },
  {
    name: 'Jordan',
    code: 'JO',
    cities: ['Amman', 'Irbid', 'Zarqa', 'Aqaba'],
    languages: ['Arabic', 'English'],
    region: 'mena',
  },
  {
    name: 'Qatar',
    code: 'QA',
    cities: ['Doha', 'Al Rayyan', 'Al Wakrah'],
    languages: ['Arabic', 'English'],
    region: 'mena',
  },
  {
    name: 'Tunisia',
    code: 'TN',
    cities: ['Tunis', 'Sfax', 'Sousse', 'Kairouan'],
    languages: ['Arabic', 'French'],
    region: 'mena',
  },
  {
    name: 'Turkey',
    code: 'TR',
    cities: ['Istanbul', 'Ankara', 'Izmir', 'Bursa', 'Antalya'],
    languages: ['Turkish'],
    region: 'mena',
  },

  // south_asia
  {
    name: 'India',
    code: 'IN',
    cities: ['Mumbai', 'Delhi', 'Bengaluru', 'Chennai', 'Kolkata'],
    languages: ['Hindi', 'English'],
    region: 'south_asia',
  },
  {
    name: 'Pakistan',
    code: 'PK',
    cities: ['Karachi', 'Lahore', 'Islamabad', 'Faisalabad'],
    languages: ['Urdu', 'English', 'Punjabi'],
    region: 'south_asia',
  },
  {
    name: 'Bangladesh',
    code: 'BD',
    cities: ['Dhaka', 'Chittagong', 'Khulna', 'Sylhet'],
    languages: ['Bengali', 'English'],
    region: 'south_asia',
  },
  {
    name: 'Sri Lanka',
    code: 'LK',
    cities: ['Colombo', 'Kandy', 'Galle', 'Jaffna'],
    languages: ['Sinhala', 'Tamil', 'English'],
    region: 'south_asia',
  },
  {
    name: 'Nepal',
    code: 'NP',
    cities: ['Kathmandu', 'Pokhara', 'Lalitpur', 'Biratnagar'],
    languages: ['Nepali', 'English'],
    region: 'south_asia',
  },

  // east_asia
  {
    name: 'Japan',
    code: 'JP',
    cities: ['Tokyo', 'Osaka', 'Yokohama', 'Nagoya', 'Sapporo'],
    languages: ['Japanese'],
    region: 'east_asia',
  },
  {
    name: 'China',
    code: 'CN',
    cities: ['Beijing', 'Shanghai', 'Guangzhou', 'Shenzhen', 'Chengdu'],
    languages: ['Mandarin'],
    region: 'east_asia',
  },
  {
    name: 'South Korea',
    code: 'KR',
    cities: ['Seoul', 'Busan', 'Incheon', 'Daegu'],
    languages: ['Korean', 'English'],
    region: 'east_asia',
  },
  {
    name: 'Mongolia',
    code: 'MN',
    cities: ['Ulaanbaatar', 'Erdenet', 'Darkhan'],
    languages: ['Mongolian', 'Russian'],
    region: 'east_asia',
  },

  // sea
  {
    name: 'Singapore',
    code: 'SG',
    cities: ['Singapore', 'Jurong East', 'Tampines', 'Woodlands'],
    languages: ['English', 'Mandarin', 'Malay'],
    region: 'sea',
  },
  {
    name: 'Philippines',
    code: 'PH',
    cities: ['Manila', 'Quezon City', 'Cebu City', 'Davao City'],
    languages: ['Filipino', 'English'],
    region: 'sea',
  },
  {
    name: 'Malaysia',
    code: 'MY',
    cities: ['Kuala Lumpur', 'George Town', 'Johor Bahru', 'Ipoh'],
    languages: ['Malay', 'English'],
    region: 'sea',
  },
  {
    name: 'Indonesia',
    code: 'ID',
    cities: ['Jakarta', 'Surabaya', 'Bandung', 'Medan'],
    languages: ['Indonesian'],
    region: 'sea',
  },
  {
    name: 'Thailand',
    code: 'TH',
    cities: ['Bangkok', 'Chiang Mai', 'Phuket', 'Khon Kaen'],
    languages: ['Thai', 'English'],
    region: 'sea',
  },
  {
    name: 'Vietnam',
    code: 'VN',
    cities: ['Ho Chi Minh City', 'Hanoi', 'Da Nang', 'Hai Phong'],
    languages: ['Vietnamese'],
    region: 'sea',
  },

  // oceania
  {
    name: 'Australia',
    code: 'AU',
    cities: ['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide'],
    languages: ['English'],
    region: 'oceania',
  },
  {
    name: 'New Zealand',
    code: 'NZ',
    cities: ['Auckland', 'Wellington', 'Christchurch', 'Hamilton'],
    languages: ['English', 'Māori'],
    region: 'oceania',
  },
  {
    name: 'Fiji',
    code: 'FJ',
    cities: ['Suva', 'Nadi', 'Lautoka'],
    languages: ['English', 'Fijian', 'Hindi'],
    region: 'oceania',
  },
  {
    name: 'Papua New Guinea',
    code: 'PG',
    cities: ['Port Moresby', 'Lae', 'Mount Hagen'],
    languages: ['English', 'Tok Pisin'],
    region: 'oceania',
  },
];

/** The seed's countries, each with the zone the catalogue gives it (one list of countries and zones). */
export const SEED_COUNTRIES: readonly SeedCountry[] = SEEDED.map((country) => ({
  ...country,
  timeZone: zoneOf(country.name),
}));
