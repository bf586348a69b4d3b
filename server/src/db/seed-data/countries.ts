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

export const SEED_COUNTRIES: readonly SeedCountry[] = [
  // europe
  { name: 'United Kingdom', code: 'GB', timeZone: 'Europe/London', cities: ['London', 'Manchester', 'Birmingham', 'Edinburgh', 'Bristol'], languages: ['English'], region: 'europe' },
  { name: 'Ireland', code: 'IE', timeZone: 'Europe/Dublin', cities: ['Dublin', 'Cork', 'Galway', 'Limerick'], languages: ['English', 'Irish'], region: 'europe' },
  { name: 'Germany', code: 'DE', timeZone: 'Europe/Berlin', cities: ['Berlin', 'Munich', 'Hamburg', 'Cologne', 'Frankfurt'], languages: ['German', 'English'], region: 'europe' },
  { name: 'France', code: 'FR', timeZone: 'Europe/Paris', cities: ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Bordeaux'], languages: ['French'], region: 'europe' },
  { name: 'Spain', code: 'ES', timeZone: 'Europe/Madrid', cities: ['Madrid', 'Barcelona', 'Valencia', 'Seville'], languages: ['Spanish', 'Catalan'], region: 'europe' },
  { name: 'Italy', code: 'IT', timeZone: 'Europe/Rome', cities: ['Rome', 'Milan', 'Naples', 'Turin', 'Florence'], languages: ['Italian'], region: 'europe' },
  { name: 'Netherlands', code: 'NL', timeZone: 'Europe/Amsterdam', cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'The Hague'], languages: ['Dutch', 'English'], region: 'europe' },
  { name: 'Sweden', code: 'SE', timeZone: 'Europe/Stockholm', cities: ['Stockholm', 'Gothenburg', 'Malmö', 'Uppsala'], languages: ['Swedish', 'English'], region: 'europe' },
  { name: 'Switzerland', code: 'CH', timeZone: 'Europe/Zurich', cities: ['Zurich', 'Geneva', 'Basel', 'Bern', 'Lausanne'], languages: ['German', 'French', 'Italian'], region: 'europe' },
  { name: 'Portugal', code: 'PT', timeZone: 'Europe/Lisbon', cities: ['Lisbon', 'Porto', 'Braga', 'Coimbra'], languages: ['Portuguese'], region: 'europe' },
  { name: 'Poland', code: 'PL', timeZone: 'Europe/Warsaw', cities: ['Warsaw', 'Kraków', 'Wrocław', 'Gdańsk', 'Poznań'], languages: ['Polish'], region: 'europe' },
  { name: 'Norway', code: 'NO', timeZone: 'Europe/Oslo', cities: ['Oslo', 'Bergen', 'Trondheim', 'Stavanger'], languages: ['Norwegian', 'English'], region: 'europe' },
  { name: 'Greece', code: 'GR', timeZone: 'Europe/Athens', cities: ['Athens', 'Thessaloniki', 'Patras', 'Heraklion'], languages: ['Greek'], region: 'europe' },
  { name: 'Belgium', code: 'BE', timeZone: 'Europe/Brussels', cities: ['Brussels', 'Antwerp', 'Ghent', 'Liège'], languages: ['Dutch', 'French', 'German'], region: 'europe' },

  // americas
  { name: 'United States', code: 'US', timeZone: 'America/New_York', cities: ['New York', 'Los Angeles', 'Chicago', 'Houston', 'Boston'], languages: ['English', 'Spanish'], region: 'americas' },
  { name: 'Canada', code: 'CA', timeZone: 'America/Toronto', cities: ['Toronto', 'Vancouver', 'Montreal', 'Calgary', 'Ottawa'], languages: ['English', 'French'], region: 'americas' },
  { name: 'Jamaica', code: 'JM', timeZone: 'America/Jamaica', cities: ['Kingston', 'Montego Bay', 'Spanish Town'], languages: ['English'], region: 'americas' },

  // latam
  { name: 'Brazil', code: 'BR', timeZone: 'America/Sao_Paulo', cities: ['São Paulo', 'Rio de Janeiro', 'Brasília', 'Salvador', 'Belo Horizonte'], languages: ['Portuguese'], region: 'latam' },
  { name: 'Mexico', code: 'MX', timeZone: 'America/Mexico_City', cities: ['Mexico City', 'Guadalajara', 'Monterrey', 'Puebla'], languages: ['Spanish'], region: 'latam' },
  { name: 'Argentina', code: 'AR', timeZone: 'America/Argentina/Buenos_Aires', cities: ['Buenos Aires', 'Córdoba', 'Rosario', 'Mendoza'], languages: ['Spanish'], region: 'latam' },
  { name: 'Colombia', code: 'CO', timeZone: 'America/Bogota', cities: ['Bogotá', 'Medellín', 'Cali', 'Barranquilla'], languages: ['Spanish'], region: 'latam' },
  { name: 'Chile', code: 'CL', timeZone: 'America/Santiago', cities: ['Santiago', 'Valparaíso', 'Concepción', 'Antofagasta'], languages: ['Spanish'], region: 'latam' },
  { name: 'Peru', code: 'PE', timeZone: 'America/Lima', cities: ['Lima', 'Arequipa', 'Trujillo', 'Cusco'], languages: ['Spanish', 'Quechua'], region: 'latam' },
  { name: 'Costa Rica', code: 'CR', timeZone: 'America/Costa_Rica', cities: ['San José', 'Alajuela', 'Cartago', 'Heredia'], languages: ['Spanish'], region: 'latam' },

  // africa
  { name: 'Nigeria', code: 'NG', timeZone: 'Africa/Lagos', cities: ['Lagos', 'Abuja', 'Ibadan', 'Kano', 'Port Harcourt'], languages: ['English', 'Yoruba', 'Hausa'], region: 'africa' },
  { name: 'South Africa', code: 'ZA', timeZone: 'Africa/Johannesburg', cities: ['Johannesburg', 'Cape Town', 'Durban', 'Pretoria'], languages: ['English', 'Afrikaans', 'Zulu'], region: 'africa' },
  { name: 'Kenya', code: 'KE', timeZone: 'Africa/Nairobi', cities: ['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru'], languages: ['English', 'Swahili'], region: 'africa' },
  { name: 'Ghana', code: 'GH', timeZone: 'Africa/Accra', cities: ['Accra', 'Kumasi', 'Tamale', 'Takoradi'], languages: ['English', 'Twi'], region: 'africa' },
  { name: 'Ethiopia', code: 'ET', timeZone: 'Africa/Addis_Ababa', cities: ['Addis Ababa', 'Dire Dawa', 'Mekelle', 'Gondar'], languages: ['Amharic', 'English'], region: 'africa' },
  { name: 'Uganda', code: 'UG', timeZone: 'Africa/Kampala', cities: ['Kampala', 'Entebbe', 'Gulu', 'Mbarara'], languages: ['English', 'Swahili'], region: 'africa' },
  { name: 'Tanzania', code: 'TZ', timeZone: 'Africa/Dar_es_Salaam', cities: ['Dar es Salaam', 'Dodoma', 'Arusha', 'Mwanza'], languages: ['Swahili', 'English'], region: 'africa' },
  { name: 'Senegal', code: 'SN', timeZone: 'Africa/Dakar', cities: ['Dakar', 'Thiès', 'Saint-Louis', 'Touba'], languages: ['French', 'Wolof'], region: 'africa' },
  { name: 'Rwanda', code: 'RW', timeZone: 'Africa/Kigali', cities: ['Kigali', 'Butare', 'Musanze'], languages: ['Kinyarwanda', 'English', 'French'], region: 'africa' },

  // mena
  { name: 'United Arab Emirates', code: 'AE', timeZone: 'Asia/Dubai', cities: ['Dubai', 'Abu Dhabi', 'Sharjah', 'Al Ain'], languages: ['Arabic', 'English'], region: 'mena' },
  { name: 'Egypt', code: 'EG', timeZone: 'Africa/Cairo', cities: ['Cairo', 'Alexandria', 'Giza', 'Luxor'], languages: ['Arabic'], region: 'mena' },
  { name: 'Saudi Arabia', code: 'SA', timeZone: 'Asia/Riyadh', cities: ['Riyadh', 'Jeddah', 'Mecca', 'Dammam'], languages: ['Arabic'], region: 'mena' },
  { name: 'Morocco', code: 'MA', timeZone: 'Africa/Casablanca', cities: ['Casablanca', 'Rabat', 'Marrakesh', 'Fez'], languages: ['Arabic', 'French', 'Berber'], region: 'mena' },
  { name: 'Jordan', code: 'JO', timeZone: 'Asia/Amman', cities: ['Amman', 'Irbid', 'Zarqa', 'Aqaba'], languages: ['Arabic', 'English'], region: 'mena' },
  { name: 'Qatar', code: 'QA', timeZone: 'Asia/Qatar', cities: ['Doha', 'Al Rayyan', 'Al Wakrah'], languages: ['Arabic', 'English'], region: 'mena' },
  { name: 'Tunisia', code: 'TN', timeZone: 'Africa/Tunis', cities: ['Tunis', 'Sfax', 'Sousse', 'Kairouan'], languages: ['Arabic', 'French'], region: 'mena' },
  { name: 'Turkey', code: 'TR', timeZone: 'Europe/Istanbul', cities: ['Istanbul', 'Ankara', 'Izmir', 'Bursa', 'Antalya'], languages: ['Turkish'], region: 'mena' },

  // south_asia
  { name: 'India', code: 'IN', timeZone: 'Asia/Kolkata', cities: ['Mumbai', 'Delhi', 'Bengaluru', 'Chennai', 'Kolkata'], languages: ['Hindi', 'English'], region: 'south_asia' },
  { name: 'Pakistan', code: 'PK', timeZone: 'Asia/Karachi', cities: ['Karachi', 'Lahore', 'Islamabad', 'Faisalabad'], languages: ['Urdu', 'English', 'Punjabi'], region: 'south_asia' },
  { name: 'Bangladesh', code: 'BD', timeZone: 'Asia/Dhaka', cities: ['Dhaka', 'Chittagong', 'Khulna', 'Sylhet'], languages: ['Bengali', 'English'], region: 'south_asia' },
  { name: 'Sri Lanka', code: 'LK', timeZone: 'Asia/Colombo', cities: ['Colombo', 'Kandy', 'Galle', 'Jaffna'], languages: ['Sinhala', 'Tamil', 'English'], region: 'south_asia' },
  { name: 'Nepal', code: 'NP', timeZone: 'Asia/Kathmandu', cities: ['Kathmandu', 'Pokhara', 'Lalitpur', 'Biratnagar'], languages: ['Nepali', 'English'], region: 'south_asia' },

  // east_asia
  { name: 'Japan', code: 'JP', timeZone: 'Asia/Tokyo', cities: ['Tokyo', 'Osaka', 'Yokohama', 'Nagoya', 'Sapporo'], languages: ['Japanese'], region: 'east_asia' },
  { name: 'China', code: 'CN', timeZone: 'Asia/Shanghai', cities: ['Beijing', 'Shanghai', 'Guangzhou', 'Shenzhen', 'Chengdu'], languages: ['Mandarin'], region: 'east_asia' },
  { name: 'South Korea', code: 'KR', timeZone: 'Asia/Seoul', cities: ['Seoul', 'Busan', 'Incheon', 'Daegu'], languages: ['Korean', 'English'], region: 'east_asia' },
  { name: 'Mongolia', code: 'MN', timeZone: 'Asia/Ulaanbaatar', cities: ['Ulaanbaatar', 'Erdenet', 'Darkhan'], languages: ['Mongolian', 'Russian'], region: 'east_asia' },

  // sea
  { name: 'Singapore', code: 'SG', timeZone: 'Asia/Singapore', cities: ['Singapore', 'Jurong East', 'Tampines', 'Woodlands'], languages: ['English', 'Mandarin', 'Malay'], region: 'sea' },
  { name: 'Philippines', code: 'PH', timeZone: 'Asia/Manila', cities: ['Manila', 'Quezon City', 'Cebu City', 'Davao City'], languages: ['Filipino', 'English'], region: 'sea' },
  { name: 'Malaysia', code: 'MY', timeZone: 'Asia/Kuala_Lumpur', cities: ['Kuala Lumpur', 'George Town', 'Johor Bahru', 'Ipoh'], languages: ['Malay', 'English'], region: 'sea' },
  { name: 'Indonesia', code: 'ID', timeZone: 'Asia/Jakarta', cities: ['Jakarta', 'Surabaya', 'Bandung', 'Medan'], languages: ['Indonesian'], region: 'sea' },
  { name: 'Thailand', code: 'TH', timeZone: 'Asia/Bangkok', cities: ['Bangkok', 'Chiang Mai', 'Phuket', 'Khon Kaen'], languages: ['Thai', 'English'], region: 'sea' },
  { name: 'Vietnam', code: 'VN', timeZone: 'Asia/Ho_Chi_Minh', cities: ['Ho Chi Minh City', 'Hanoi', 'Da Nang', 'Hai Phong'], languages: ['Vietnamese'], region: 'sea' },

  // oceania
  { name: 'Australia', code: 'AU', timeZone: 'Australia/Sydney', cities: ['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide'], languages: ['English'], region: 'oceania' },
  { name: 'New Zealand', code: 'NZ', timeZone: 'Pacific/Auckland', cities: ['Auckland', 'Wellington', 'Christchurch', 'Hamilton'], languages: ['English', 'Māori'], region: 'oceania' },
  { name: 'Fiji', code: 'FJ', timeZone: 'Pacific/Fiji', cities: ['Suva', 'Nadi', 'Lautoka'], languages: ['English', 'Fijian', 'Hindi'], region: 'oceania' },
  { name: 'Papua New Guinea', code: 'PG', timeZone: 'Pacific/Port_Moresby', cities: ['Port Moresby', 'Lae', 'Mount Hagen'], languages: ['English', 'Tok Pisin'], region: 'oceania' },
];
