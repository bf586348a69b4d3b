import type { SeedRegion } from './countries';

export const FIRST_NAMES: Readonly<Record<SeedRegion, readonly string[]>> = {
  europe: [
    'Oliver', 'Emma', 'Lukas', 'Sophie', 'Matteo', 'Chiara', 'Pierre', 'Camille', 'Javier', 'Lucía',
    'Sven', 'Ingrid', 'Tomasz', 'Agnieszka', 'Niamh', 'Liam', 'Hannah', 'Jonas', 'Eleni', 'Nikos',
    'Joana', 'Tiago', 'Anouk', 'Daan',
  ],
  americas: [
    'James', 'Emily', 'Michael', 'Sarah', 'David', 'Jessica', 'Daniel', 'Ashley', 'Christopher', 'Megan',
    'Andrew', 'Lauren', 'Ryan', 'Olivia', 'Ethan', 'Madison', 'Noah', 'Chloe', 'Marcus', 'Taylor',
    'Jordan', 'Brianna',
  ],
  latam: [
    'Alejandro', 'Valentina', 'Santiago', 'Camila', 'Mateo', 'Isabella', 'Diego', 'Sofía', 'Gabriel', 'Mariana',
    'Sebastián', 'Fernanda', 'Rafael', 'Daniela', 'Joaquín', 'Catalina', 'Thiago', 'Beatriz', 'Andrés', 'Paula',
    'Rodrigo', 'Luana',
  ],
  africa: [
    'Chinedu', 'Ngozi', 'Kwame', 'Ama', 'Tendai', 'Thandiwe', 'Oluwaseun', 'Folake', 'Kofi', 'Abena',
    'Sipho', 'Nomvula', 'Emeka', 'Adaeze', 'Juma', 'Wanjiru', 'Tesfaye', 'Selam', 'Moussa', 'Awa',
    'Kagiso', 'Zanele',
  ],
  mena: [
    'Ahmed', 'Fatima', 'Omar', 'Layla', 'Youssef', 'Amira', 'Khalid', 'Nour', 'Hassan', 'Mariam',
    'Karim', 'Yasmin', 'Tariq', 'Leila', 'Mehmet', 'Elif', 'Samir', 'Rania', 'Ali', 'Huda',
    'Faisal', 'Salma',
  ],
  south_asia: [
    'Arjun', 'Priya', 'Rahul', 'Ananya', 'Vikram', 'Kavya', 'Aditya', 'Neha', 'Imran', 'Ayesha',
    'Sanjay', 'Deepika', 'Rohan', 'Meera', 'Farhan', 'Sana', 'Nikhil', 'Pooja', 'Tanvir', 'Nusrat',
    'Dilan', 'Ishani',
  ],
  east_asia: [
    'Hiroshi', 'Yuki', 'Takeshi', 'Sakura', 'Kenji', 'Aiko', 'Wei', 'Mei', 'Jun', 'Lin',
    'Min-jun', 'Seo-yeon', 'Ji-ho', 'Ha-eun', 'Haruto', 'Yui', 'Hao', 'Xiu', 'Daiki', 'Emi',
    'Bat-Erdene', 'Oyuun',
  ],
  sea: [
    'Nguyen', 'Linh', 'Minh', 'Thao', 'Somchai', 'Siriporn', 'Arif', 'Siti', 'Budi', 'Dewi',
    'Rizal', 'Maricel', 'Jose', 'Angelica', 'Hafiz', 'Nurul', 'Anh', 'Mai', 'Kittisak', 'Ploy',
    'Aditya', 'Putri',
  ],
  oceania: [
    'Jack', 'Charlotte', 'William', 'Amelia', 'Thomas', 'Mia', 'Lachlan', 'Isla', 'Cooper', 'Ruby',
    'Mitchell', 'Georgia', 'Tane', 'Aroha', 'Riley', 'Harper', 'Hamish', 'Zoe', 'Josaia', 'Mere',
    'Angus', 'Matilda',
  ],
};

export const LAST_NAMES: Readonly<Record<SeedRegion, readonly string[]>> = {
  europe: [
    'Müller', 'Schmidt', 'Rossi', 'Bianchi', 'Dubois', 'Martin', 'García', 'Fernández', 'Andersson', 'Johansson',
    'Kowalski', 'Nowak', 'Murphy', "O'Brien", 'Smith', 'Jones', 'de Vries', 'Jansen', 'Papadopoulos', 'Silva',
    'Costa', 'Hansen', 'Peeters',
  ],
  americas: [
    'Johnson', 'Williams', 'Brown', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Thomas', 'Moore', 'Jackson',
    'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'Allen', 'Campbell', 'Tremblay',
    'Roy', 'Bennett',
  ],
  latam: [
    'Hernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Pérez', 'Sánchez', 'Ramírez', 'Torres', 'Flores',
    'Díaz', 'Morales', 'Castillo', 'Vargas', 'Rojas', 'Oliveira', 'Santos', 'Souza', 'Pereira', 'Almeida',
    'Mendoza', 'Herrera',
  ],
  africa: [
    'Okafor', 'Adeyemi', 'Mensah', 'Boateng', 'Nkosi', 'Dlamini', 'Okonkwo', 'Eze', 'Mwangi', 'Otieno',
    'Kamau', 'Njoroge', 'Bekele', 'Tadesse', 'Diallo', 'Ndiaye', 'Mokoena', 'Asante', 'Owusu', 'Abubakar',
    'Uwimana', 'Mutesi',
  ],
  mena: [
    'Al-Sayed', 'Haddad', 'Mansour', 'Khalil', 'Nasser', 'Hassan', 'Farouk', 'Al-Rashid', 'Aziz', 'Saleh',
    'Ibrahim', 'Karam', 'Benali', 'El-Amin', 'Yilmaz', 'Kaya', 'Demir', 'Qureshi', 'Hamdan', 'Abdullah',
    'Bouazizi', 'Tazi',
  ],
  south_asia: [
    'Sharma', 'Patel', 'Gupta', 'Singh', 'Reddy', 'Iyer', 'Nair', 'Mehta', 'Khan', 'Ahmed',
    'Chowdhury', 'Rahman', 'Hossain', 'Malik', 'Perera', 'Fernando', 'Shrestha', 'Joshi', 'Kapoor', 'Banerjee',
    'Rao', 'Siddiqui',
  ],
  east_asia: [
    'Tanaka', 'Suzuki', 'Takahashi', 'Watanabe', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Sato', 'Wang', 'Li',
    'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Kim', 'Lee', 'Park', 'Choi', 'Jung',
    'Batbayar', 'Ganbold',
  ],
  sea: [
    'Nguyen', 'Tran', 'Le', 'Pham', 'Hoang', 'Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia',
    'Tan', 'Lim', 'Ng', 'Wong', 'Rahman', 'Abdullah', 'Ismail', 'Wijaya', 'Saputra', 'Suryadi',
    'Chaiyaporn', 'Srisuk',
  ],
  oceania: [
    'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Thompson', 'Walker', 'Harris', 'Kelly',
    'Ryan', 'Mitchell', "O'Connor", 'Campbell', 'Stewart', 'Ngata', 'Parata', 'Tawhiri', 'Nair', 'Vakacegu',
    'Robinson', 'McDonald',
  ],
};

export const MEDICAL_SCHOOLS: readonly string[] = [
  'Harvard Medical School',
  'Johns Hopkins University School of Medicine',
  'Stanford University School of Medicine',
  'University of Toronto Faculty of Medicine',
  'McGill University Faculty of Medicine',
  'University of Oxford Medical School',
  "King's College London GKT School of Medical Education",
  'University of Edinburgh Medical School',
  'Trinity College Dublin School of Medicine',
  'Charité – Universitätsmedizin Berlin',
  'Heidelberg University Faculty of Medicine',
  'Sorbonne University Faculty of Medicine',
  'University of Barcelona Faculty of Medicine',
  'University of Milan Faculty of Medicine',
  'Karolinska Institutet',
  'University of Amsterdam Faculty of Medicine',
  'University of São Paulo Faculty of Medicine',
  'National Autonomous University of Mexico Faculty of Medicine',
  'University of Buenos Aires School of Medicine',
  'University of Cape Town Faculty of Health Sciences',
  'University of Lagos College of Medicine',
  'University of Nairobi School of Medicine',
  'Cairo University Faculty of Medicine',
  'All India Institute of Medical Sciences, New Delhi',
  'Aga Khan University Medical College',
  'University of Tokyo Faculty of Medicine',
  'Peking Union Medical College',
  'Yong Loo Lin School of Medicine, National University of Singapore',
  'University of Sydney Medical School',
  'University of Auckland Faculty of Medical and Health Sciences',
];

export const DEGREES = ['MD', 'MBBS', 'DO', 'MBChB', 'MD, PhD'] as const;

export type Degree = (typeof DEGREES)[number];

export const BOARD_CERTIFICATIONS: readonly string[] = [
  'Board Certified in Internal Medicine',
  'Board Certified in Family Medicine',
  'Board Certified in Pediatrics',
  'Board Certified in Cardiovascular Disease',
  'Board Certified in Dermatology',
  'Board Certified in Psychiatry',
  'Board Certified in Neurology',
  'Board Certified in Endocrinology, Diabetes and Metabolism',
  'Board Certified in Gastroenterology',
  'Board Certified in Obstetrics and Gynecology',
  'Board Certified in Medical Oncology',
  'Board Certified in Orthopaedic Surgery',
  'Board Certified in Pulmonary Disease',
  'Board Certified in Rheumatology',
  'Board Certified in Diagnostic Radiology',
];
