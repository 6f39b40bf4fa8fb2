import type { UnitType } from '@itms/contracts/enums';

// Reference data of the demo operation: people, pools, customers, projects and the texts of
// banners, news and SOP. Everything user-facing is Indonesian.

export const DEMO_ADMIN = { name: 'Admin ITMS', email: 'admin@itms.local', department: 'IT & Sistem' };
export const DEMO_STAFF = { name: 'Dewi Lestari', email: 'edp@itms.local', department: 'EDP' };
export const DEMO_TIREMAN_EMAIL = 'tireman@itms.local';
/** The workshop's account (issue 40): signs validated work on Tanda Tangan Workshop, nothing else. */
export const DEMO_WORKSHOP = { name: 'Hendra Gunawan', email: 'workshop@itms.local', department: 'Workshop' };
/**
 * The first customer's account (issue 40): PT Sinar Logistik Nusantara reads its own fleet in the
 * portal. A fixed number, so the seeded people's random data stays as it was.
 */
export const DEMO_CUSTOMER = {
  name: 'Rudi Hartono',
  email: 'pelanggan@itms.local',
  department: 'Fleet Manager',
  phone: '081277770001',
};

export interface TireManSeed {
  name: string;
  email: string;
  /** Pool where the tire man works (index into LOCATIONS). */
  location: number;
}

export const TIRE_MEN: readonly TireManSeed[] = [
  { name: 'Budi Santoso', email: DEMO_TIREMAN_EMAIL, location: 0 },
  { name: 'Agus Setiawan', email: 'agus.setiawan@itms.local', location: 0 },
  { name: 'Slamet Riyadi', email: 'slamet.riyadi@itms.local', location: 1 },
  { name: 'Joko Susilo', email: 'joko.susilo@itms.local', location: 2 },
  { name: 'Dedi Kurniawan', email: 'dedi.kurniawan@itms.local', location: 3 },
  { name: 'Asep Sunandar', email: 'asep.sunandar@itms.local', location: 3 },
  { name: 'Ujang Hermawan', email: 'ujang.hermawan@itms.local', location: 4 },
  { name: 'Wahyu Hidayat', email: 'wahyu.hidayat@itms.local', location: 5 },
  { name: 'Eko Prasetyo', email: 'eko.prasetyo@itms.local', location: 6 },
  { name: 'Bambang Sutrisno', email: 'bambang.sutrisno@itms.local', location: 7 },
  { name: 'Rizky Siregar', email: 'rizky.siregar@itms.local', location: 8 },
  { name: 'Andi Saputra', email: 'andi.saputra@itms.local', location: 9 },
];

export const TIREMAN_DEPARTMENT = 'Tire Service Lapangan';

export interface RegionSeed {
  name: string;
  pic: string;
  /** First two digits of a NIK issued in the region. */
  province: string;
}

export const REGIONS: readonly RegionSeed[] = [
  { name: 'Jabodetabek', pic: 'Hendra Gunawan', province: '31' },
  { name: 'Jawa Barat', pic: 'Yayan Sopandi', province: '32' },
  { name: 'Jawa Tengah', pic: 'Sri Wahyuni', province: '33' },
  { name: 'Jawa Timur', pic: 'Achmad Zainuddin', province: '35' },
  { name: 'Sumatera Utara', pic: 'Parlindungan Nasution', province: '12' },
  { name: 'Kalimantan Timur', pic: 'Rahmat Hidayat', province: '64' },
];

export const CUSTOMERS = [
  'PT Sinar Logistik Nusantara',
  'PT Bumi Tambang Makmur',
  'PT Mobilindo Car Carrier',
];

export const PROJECTS: readonly { name: string; customer: number }[] = [
  { name: 'Distribusi Semen Jawa', customer: 0 },
  { name: 'Distribusi FMCG Nasional', customer: 0 },
  { name: 'Hauling Batubara Kariangau', customer: 1 },
  { name: 'Angkutan Material Konstruksi', customer: 1 },
  { name: 'Car Carrier Cikarang - Tanjung Priok', customer: 2 },
  { name: 'Distribusi Kendaraan Jawa - Sumatera', customer: 2 },
];

export interface LocationSeed {
  name: string;
  region: number;
  /** Registration area code of local plates, and the letters seen after the number. */
  plate: string;
  suffixes: readonly string[];
  /** The units kept at this pool: type and project (index into PROJECTS). */
  units: readonly (readonly [UnitType, number])[];
}

export const LOCATIONS: readonly LocationSeed[] = [
  {
    name: 'Pool Cakung',
    region: 0,
    plate: 'B',
    suffixes: ['UXT', 'UIT', 'UYW', 'TXB'],
    units: [
      ['CDD', 1],
      ['CDD', 1],
      ['CDE', 1],
      ['CDE', 1],
      ['ENGKEL', 1],
      ['ENGKEL', 0],
    ],
  },
  {
    name: 'Pool Cibitung',
    region: 0,
    plate: 'B',
    suffixes: ['UEX', 'UFK', 'UVW', 'KYU'],
    units: [
      ['CAR CARRIER', 4],
      ['BUNTUT CAR CARRIER', 4],
      ['HEAD TRAILER', 4],
      ['CDD', 1],
      ['CDD', 5],
      ['CDE', 1],
    ],
  },
  {
    name: 'Pool Balaraja',
    region: 0,
    plate: 'B',
    suffixes: ['UQA', 'UOS', 'WRT', 'CFH'],
    units: [
      ['CDD', 1],
      ['CDD', 1],
      ['CDE', 1],
      ['CDE', 1],
      ['ENGKEL', 1],
      ['BIG UP', 1],
    ],
  },
  {
    name: 'Pool Karawang',
    region: 1,
    plate: 'T',
    suffixes: ['AB', 'AC', 'AD', 'BF'],
    units: [
      ['TRAILLER', 0],
      ['TRAILLER', 0],
      ['BUNTUT TRAILER', 0],
      ['TRONTON', 3],
      ['ENGKEL', 0],
      ['CDD', 3],
    ],
  },
  {
    name: 'Pool Gedebage',
    region: 1,
    plate: 'D',
    suffixes: ['AT', 'BK', 'DR', 'SN'],
    units: [
      ['ENGKEL', 1],
      ['ENGKEL', 1],
      ['CDD', 1],
      ['CDE', 1],
      ['BIG UP', 1],
      ['CDE', 1],
    ],
  },
  {
    name: 'Pool Kaligawe',
    region: 2,
    plate: 'H',
    suffixes: ['AF', 'BG', 'CT', 'ON'],
    units: [
      ['TRONTON', 0],
      ['ENGKEL', 0],
      ['ENGKEL', 0],
      ['CDD', 1],
      ['CDD', 1],
      ['CDE', 1],
    ],
  },
  {
    name: 'Pool Margomulyo',
    region: 3,
    plate: 'L',
    suffixes: ['UD', 'UE', 'UF', 'UG'],
    units: [
      ['TRONTON', 0],
      ['ENGKEL', 0],
      ['CDD', 1],
      ['CDD', 1],
      ['CDE', 1],
      ['BIG UP', 1],
    ],
  },
  {
    name: 'Pool Gresik',
    region: 3,
    plate: 'W',
    suffixes: ['UA', 'UB', 'UC', 'UK'],
    units: [
      ['TRONTON', 3],
      ['ENGKEL', 0],
      ['ENGKEL', 0],
      ['CDD', 0],
      ['CDE', 1],
      ['CDE', 1],
    ],
  },
  {
    name: 'Pool Belawan',
    region: 4,
    plate: 'BK',
    suffixes: ['AA', 'BD', 'CE', 'DF'],
    units: [
      ['TRONTON', 5],
      ['ENGKEL', 5],
      ['ENGKEL', 1],
      ['CDD', 1],
      ['BIG UP', 1],
      ['BIG UP', 5],
    ],
  },
  {
    name: 'Pool Kariangau',
    region: 5,
    plate: 'KT',
    suffixes: ['AJ', 'BL', 'CM', 'DP'],
    units: [
      ['DUMP TRUCK', 2],
      ['DUMP TRUCK', 2],
      ['DUMP TRUCK', 3],
      ['HOULLER', 2],
      ['HOULLER', 2],
      ['GANDENGAN DUMP TRUCK', 2],
    ],
  },
];

const DRIVER_FIRST = [
  'Sugeng',
  'Darmanto',
  'Supriyadi',
  'Mulyadi',
  'Heru',
  'Iwan',
  'Nanang',
  'Cecep',
  'Dadang',
  'Jajang',
  'Teguh',
  'Yanto',
  'Wagiman',
  'Suparman',
  'Kusnadi',
  'Togar',
  'Hotman',
  'Syahrul',
  'Hasan',
  'Fajar',
  'Dimas',
  'Arif',
  'Taufik',
  'Ilham',
  'Yudi',
  'Agung',
  'Bayu',
  'Sigit',
  'Wawan',
  'Lukman',
];
const DRIVER_LAST = [
  'Riyanto',
  'Purnomo',
  'Setiadi',
  'Kosim',
  'Supriatna',
  'Suhendar',
  'Santoso',
  'Prasetyo',
  'Sitompul',
  'Pardede',
  'Lubis',
  'Basri',
  'Nugroho',
  'Rahman',
  'Maulana',
  'Permana',
  'Wicaksono',
  'Purwanto',
  'Kurniawan',
  'Hakim',
];

/** `n` distinct driver names, first and last names combined. */
export function driverNames(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    out.push(
      `${DRIVER_FIRST[i % DRIVER_FIRST.length]} ${DRIVER_LAST[(i * 7 + Math.floor(i / DRIVER_FIRST.length)) % DRIVER_LAST.length]}`,
    );
  }
  return out;
}

/** Quality-control checkers (they are not app users). */
export const QC_CHECKERS = ['Hadi Wibowo', 'Rina Marlina', 'Fransiskus Tarigan', 'Yohanes Siahaan'];

export const WORKSHOPS = ['Bengkel Mitra Ban Sejahtera', 'Bengkel Sumber Roda', 'Workshop ITMS Pusat'];

export const CHECK_EQUIPMENT = [
  'Dongkrak,Kunci Roda,Segitiga Pengaman',
  'Dongkrak,Kunci Roda,Segitiga Pengaman,APAR',
  'Dongkrak,Kunci Roda,Ganjal Ban',
  'Kunci Roda,Segitiga Pengaman,APAR,Ganjal Ban',
];

export const BANNERS: readonly { name: string; lines: readonly string[]; from: string; to: string }[] = [
  {
    name: 'Cek Tekanan Angin Setiap Hari',
    lines: ['CEK TEKANAN ANGIN', 'SETIAP HARI'],
    from: '#0b3d91',
    to: '#1f6feb',
  },
  {
    name: 'Vulkanisir Berkualitas, Biaya Hemat',
    lines: ['VULKANISIR BERKUALITAS', 'BIAYA HEMAT'],
    from: '#1a7f37',
    to: '#4ac26b',
  },
  {
    name: 'Keselamatan Dimulai dari Ban',
    lines: ['KESELAMATAN DIMULAI', 'DARI BAN'],
    from: '#9a3412',
    to: '#f97316',
  },
];

export const NEWS: readonly {
  title: string;
  news: string;
  author: 'admin' | 'staff';
  image: string | null;
}[] = [
  {
    title: 'Program Vulkanisir Hemat Kuartal Ini',
    news: 'Mulai bulan ini seluruh pool dapat mengajukan ban dengan RTD di bawah 4 mm untuk program vulkanisir. Casing yang lolos inspeksi akan divulkanisir di mitra resmi dan dikembalikan dalam 10 hari kerja. Hubungi EDP untuk jadwal pengambilan.',
    author: 'admin',
    image: 'PROGRAM VULKANISIR',
  },
  {
    title: 'Jadwal Pelatihan Tire Man Regional Jawa',
    news: 'Pelatihan pengukuran RTD, tekanan angin dan identifikasi kerusakan ban untuk tire man regional Jawa diadakan di Pool Cakung. Peserta wajib membawa alat ukur masing-masing dan mengisi daftar hadir pada aplikasi.',
    author: 'staff',
    image: 'PELATIHAN TIRE MAN',
  },
  {
    title: 'Tekanan Angin Ideal Menghemat BBM',
    news: 'Hasil evaluasi dua bulan terakhir menunjukkan unit dengan tekanan angin sesuai standar lebih hemat bahan bakar hingga 3% dan umur ban lebih panjang. Pastikan setiap pengecekan mencatat PSI dengan benar.',
    author: 'staff',
    image: 'TEKANAN ANGIN IDEAL',
  },
  {
    title: 'Pool Kariangau Resmi Beroperasi Penuh',
    news: 'Pool Kariangau di Balikpapan kini melayani pengecekan harian untuk seluruh dump truck dan houller proyek hauling batubara. Tire man setempat dapat langsung mengirim pengecekan melalui aplikasi.',
    author: 'admin',
    image: null,
  },
  {
    title: 'Perubahan Prosedur Validasi BKB',
    news: 'Setiap Berita Ketidaksesuaian Ban (BKB) kini wajib divalidasi EDP paling lambat 2 x 24 jam. Sertakan foto nomor seri ban dan keterangan posisi agar proses verifikasi lebih cepat.',
    author: 'staff',
    image: 'VALIDASI BKB',
  },
];

/** `video`: a small file under seed/assets/ stored as the procedure's uploaded video. */
export const SOP_ENTRIES: readonly { title: string; description: string; video?: string }[] = [
  {
    title: 'Profile Company',
    description:
      'ITMS (Integrated Tire Management Solutions) mengelola siklus hidup ban armada pelanggan: pemasangan, pengecekan harian, rotasi, vulkanisir hingga scrap. Tire man kami bertugas di pool pelanggan di seluruh Indonesia dan setiap data pengecekan divalidasi oleh tim EDP.',
  },
  {
    title: 'Vulkanisir Procedure',
    description:
      'Ban dengan RTD terendah 3-4 mm dan casing tanpa kerusakan struktural dilepas dari unit, dicatat pada form pergantian, lalu dikirim ke mitra vulkanisir. Casing diperiksa ulang (inspeksi visual dan shearografi) sebelum proses buffing, pemasangan tread baru dan curing.',
  },
  {
    title: 'Tire Check Procedure',
    video: 'sop-tire-check.webm',
    description:
      'Pastikan unit dalam keadaan berhenti dan mesin mati. Foto plat nomor dan odometer, lalu untuk setiap posisi ukur RTD pada empat alur, tekanan angin dalam keadaan dingin, dan catat kondisi crown, shoulder, sidewall, bead serta bagian dalam. Minta tanda tangan driver dan PIC pool sebelum mengirim data.',
  },
  {
    title: 'Tire Retreading Process',
    description:
      'Tahapan vulkanisir: inspeksi casing, buffing, skiving dan repair, cementing, building (pemasangan tread), enveloping, curing di chamber, lalu final inspection. Ban hasil vulkanisir dicatat sebagai RET dengan status casing sesuai mitra (3S, CMS, TDS, MDN).',
  },
  {
    title: 'Repairing Tire Procedure',
    description:
      'Kerusakan tembus (cut atau puncture) sampai 25 mm pada tread dapat diperbaiki dengan patch radial sesuai ukuran. Kerusakan pada sidewall dan bead tidak boleh diperbaiki dan ban diajukan scrap. Setelah perbaikan, ban dicatat dengan status casing NEW REPAIR JASA.',
  },
];

/** Mismatch (BKB) categories seen in the field. */
export const BKB_CATEGORIES = {
  serial: 'Serial tidak sesuai',
  missing: 'Ban hilang',
  swapped: 'Posisi tertukar',
  brand: 'Merk tidak sesuai',
} as const;
