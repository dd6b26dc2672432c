/**
 * Personal names for speakers, authors, attendees and exhibitors. Given and family names are
 * paired within one naming tradition so the combinations read naturally.
 */
import type { Rng } from './util.js';

export interface NamePool {
  region: string;
  given: readonly string[];
  family: readonly string[];
}

export const NAME_POOLS: readonly NamePool[] = [
  {
    region: 'german',
    given: [
      'Lena',
      'Jonas',
      'Miriam',
      'Felix',
      'Katharina',
      'Tobias',
      'Annika',
      'Matthias',
      'Sophie',
      'Lukas',
      'Friederike',
      'Moritz',
    ],
    family: [
      'Schneider',
      'Hoffmann',
      'Becker',
      'Wagner',
      'Krüger',
      'Vogel',
      'Brandt',
      'Lehmann',
      'Zimmermann',
      'Hartmann',
      'Kessler',
      'Baumann',
    ],
  },
  {
    region: 'french',
    given: ['Camille', 'Julien', 'Élodie', 'Mathieu', 'Claire', 'Antoine', 'Inès', 'Théo', 'Margaux', 'Bastien'],
    family: [
      'Moreau',
      'Lefèvre',
      'Girard',
      'Fontaine',
      'Rousseau',
      'Chevalier',
      'Mercier',
      'Garnier',
      'Lambert',
      'Faure',
    ],
  },
  {
    region: 'spanish',
    given: ['Lucía', 'Javier', 'Marta', 'Alejandro', 'Carmen', 'Diego', 'Paula', 'Sergio', 'Nuria', 'Iñigo'],
    family: [
      'García',
      'Fernández',
      'Navarro',
      'Romero',
      'Ortega',
      'Castillo',
      'Delgado',
      'Serrano',
      'Molina',
      'Iglesias',
    ],
  },
  {
    region: 'italian',
    given: ['Giulia', 'Marco', 'Chiara', 'Alessandro', 'Francesca', 'Luca', 'Elena', 'Davide', 'Federica', 'Matteo'],
    family: ['Rossi', 'Bianchi', 'Esposito', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Conti', 'Ferraro', 'Galli'],
  },
  {
    region: 'polish',
    given: ['Agnieszka', 'Piotr', 'Zofia', 'Tomasz', 'Magdalena', 'Krzysztof', 'Ewa', 'Paweł', 'Joanna', 'Michał'],
    family: ['Nowak', 'Wójcik', 'Kaczmarek', 'Mazur', 'Krawczyk', 'Zając', 'Król', 'Wieczorek', 'Pawlak', 'Dudek'],
  },
  {
    region: 'ukrainian',
    given: ['Oksana', 'Andriy', 'Iryna', 'Dmytro', 'Olena', 'Taras', 'Yulia', 'Bohdan'],
    family: ['Shevchenko', 'Kovalenko', 'Bondarenko', 'Tkachuk', 'Melnyk', 'Kravchuk', 'Oliinyk', 'Savchenko'],
  },
  {
    region: 'dutch',
    given: ['Sanne', 'Daan', 'Femke', 'Bram', 'Lotte', 'Joris', 'Eva', 'Pieter', 'Anouk', 'Sven'],
    family: [
      'de Vries',
      'Jansen',
      'van Dijk',
      'Bakker',
      'Visser',
      'Smit',
      'Mulder',
      'de Boer',
      'Vermeulen',
      'van den Berg',
    ],
  },
  {
    region: 'nordic',
    given: ['Astrid', 'Erik', 'Ingrid', 'Lars', 'Sigrid', 'Nils', 'Maja', 'Oskar', 'Freja', 'Henrik'],
    family: [
      'Lindqvist',
      'Johansson',
      'Nyström',
      'Berg',
      'Holm',
      'Sandberg',
      'Lund',
      'Ekström',
      'Halvorsen',
      'Virtanen',
    ],
  },
  {
    region: 'portuguese',
    given: ['Beatriz', 'João', 'Larissa', 'Rafael', 'Mariana', 'Thiago', 'Fernanda', 'Gustavo', 'Inês', 'Tiago'],
    family: [
      'Oliveira',
      'Santos',
      'Carvalho',
      'Almeida',
      'Ribeiro',
      'Pereira',
      'Costa',
      'Barbosa',
      'Ferreira',
      'Machado',
    ],
  },
  {
    region: 'nigerian',
    given: ['Chiamaka', 'Oluwaseun', 'Ngozi', 'Emeka', 'Adaeze', 'Tunde', 'Funmilayo', 'Chinedu'],
    family: ['Okafor', 'Adeyemi', 'Nwosu', 'Balogun', 'Eze', 'Okonkwo', 'Adebayo', 'Obi'],
  },
  {
    region: 'kenyan',
    given: ['Wanjiru', 'Otieno', 'Akinyi', 'Kamau', 'Njeri', 'Kiprono', 'Atieno', 'Mwangi'],
    family: ['Njoroge', 'Odhiambo', 'Wambui', 'Kariuki', 'Ochieng', 'Mutua', 'Kimani', 'Chebet'],
  },
  {
    region: 'ghanaian',
    given: ['Akosua', 'Kwame', 'Ama', 'Kofi', 'Efua', 'Yaw'],
    family: ['Mensah', 'Owusu', 'Boateng', 'Asante', 'Appiah', 'Osei'],
  },
  {
    region: 'indian',
    given: ['Priya', 'Arjun', 'Ananya', 'Rohan', 'Kavya', 'Vikram', 'Meera', 'Aditya', 'Sneha', 'Karthik'],
    family: ['Sharma', 'Iyer', 'Nair', 'Reddy', 'Menon', 'Patel', 'Banerjee', 'Kulkarni', 'Gupta', 'Rao'],
  },
  {
    region: 'chinese',
    given: ['Wei', 'Xiaoling', 'Jun', 'Mei', 'Hao', 'Yuting', 'Lei', 'Zhiyuan'],
    family: ['Chen', 'Wang', 'Li', 'Zhang', 'Liu', 'Huang', 'Zhao', 'Zhou'],
  },
  {
    region: 'japanese',
    given: ['Haruka', 'Kenji', 'Yuki', 'Takumi', 'Aya', 'Daisuke', 'Naomi', 'Sho'],
    family: ['Tanaka', 'Sato', 'Watanabe', 'Kobayashi', 'Nakamura', 'Yamamoto', 'Ito', 'Matsumoto'],
  },
  {
    region: 'korean',
    given: ['Ji-woo', 'Min-jun', 'Seo-yeon', 'Hyun-woo', 'Soo-ah', 'Do-yoon'],
    family: ['Kim', 'Park', 'Choi', 'Jung', 'Kang', 'Yoon'],
  },
  {
    region: 'vietnamese',
    given: ['Linh', 'Minh', 'Thao', 'Quang', 'Huong', 'Duc'],
    family: ['Nguyen', 'Tran', 'Le', 'Pham', 'Hoang', 'Vu'],
  },
  {
    region: 'indonesian',
    given: ['Putri', 'Budi', 'Sari', 'Agus', 'Dewi', 'Rizky'],
    family: ['Santoso', 'Wijaya', 'Hidayat', 'Kusuma', 'Pratama', 'Nugroho'],
  },
  {
    region: 'turkish',
    given: ['Elif', 'Emre', 'Zeynep', 'Burak', 'Selin', 'Can', 'Deniz', 'Mert'],
    family: ['Yılmaz', 'Demir', 'Şahin', 'Çelik', 'Aydın', 'Öztürk', 'Arslan', 'Koç'],
  },
  {
    region: 'arabic',
    given: ['Layla', 'Omar', 'Yasmin', 'Karim', 'Nour', 'Tariq', 'Salma', 'Hassan'],
    family: ['Haddad', 'Mansour', 'Khalil', 'Nasser', 'Saleh', 'El-Amin', 'Farouk', 'Benali'],
  },
  {
    region: 'iranian',
    given: ['Shirin', 'Dariush', 'Parisa', 'Kaveh', 'Nazanin', 'Arash'],
    family: ['Tehrani', 'Rahimi', 'Karimi', 'Moradi', 'Hosseini', 'Jafari'],
  },
  {
    region: 'greek',
    given: ['Eleni', 'Nikos', 'Katerina', 'Giorgos', 'Sofia', 'Dimitris'],
    family: ['Georgiou', 'Alexiou', 'Christodoulou', 'Nikolaou', 'Ioannou', 'Andreou'],
  },
  {
    region: 'irish-british',
    given: ['Aoife', 'Ciarán', 'Siobhán', 'Declan', 'Niamh', 'Fergus', 'Hannah', 'Oliver'],
    family: ["O'Brien", 'Murphy', 'Kelly', 'Walsh', 'Byrne', 'Gallagher', 'Hughes', 'Campbell'],
  },
  {
    region: 'latin-american',
    given: ['Valentina', 'Santiago', 'Daniela', 'Andrés', 'Ximena', 'Mateo', 'Camila', 'Joaquín'],
    family: ['Hernández', 'Ramírez', 'Morales', 'Vargas', 'Jiménez', 'Rojas', 'Gutiérrez', 'Aguilar'],
  },
  {
    region: 'north-american',
    given: ['Emily', 'Jordan', 'Taylor', 'Marcus', 'Rachel', 'Ethan', 'Olivia', 'Noah', 'Madison', 'Caleb'],
    family: [
      'Thompson',
      'Mitchell',
      'Tremblay',
      'Gagnon',
      'Roy',
      'Anderson',
      'Clarke',
      'MacDonald',
      'Bouchard',
      'Wilson',
    ],
  },
];

export interface PersonName {
  given: string;
  family: string;
  fullName: string;
}

/**
 * Draws distinct names. `weights` favours some regions (by `region`), e.g. more North American
 * names for a Toronto event; unlisted regions weigh 1.
 */
export class NameSource {
  private readonly used = new Set<string>();
  private readonly pools: readonly (readonly [NamePool, number])[];

  constructor(
    private readonly rng: Rng,
    weights: Record<string, number> = {},
  ) {
    this.pools = NAME_POOLS.map((pool) => [pool, weights[pool.region] ?? 1] as const);
  }

  /** Marks names as taken (e.g. speakers, so attendees are different people). */
  reserve(fullNames: Iterable<string>): void {
    for (const name of fullNames) this.used.add(name);
  }

  next(): PersonName {
    for (let attempt = 0; attempt < 500; attempt++) {
      const pool = this.rng.weighted(this.pools);
      const given = this.rng.pick(pool.given);
      const family = this.rng.pick(pool.family);
      const fullName = `${given} ${family}`;
      if (this.used.has(fullName)) continue;
      this.used.add(fullName);
      return { given, family, fullName };
    }
    throw new Error('Name pools exhausted');
  }
}
