// Shapes of the tire-check API for the feature's unit tests.
import type { TSessionUser } from '@itms/contracts/auth';
import type {
  TActiveUnitTires,
  TCheckQueueRow,
  TTireCheckDetail,
  TTireCheckRecord,
} from '@itms/contracts/tire-checks';

export function record(id: number, position: string, over: Partial<TTireCheckRecord> = {}): TTireCheckRecord {
  return {
    id,
    tire_check_id: 7,
    tire_id: id + 100,
    position,
    serial_number: `SN-${position}`,
    serial_number_url: '-',
    ir_brand: 'VIPAL',
    ori_brand: 'GT RADIAL',
    pattern: 'VT-110',
    size: '7.50-16',
    status: 'INSTALLED',
    groove_1: 8,
    groove_2: 7.5,
    groove_3: 7,
    groove_4: 8,
    pressure: 95,
    condition: '99,99,99,99,99',
    rotation: '',
    temperature: 50,
    information: '',
    createdAt: '2025-03-10T01:00:00.000Z',
    updatedAt: '2025-03-10T01:00:00.000Z',
    Tire_Check: { odometer: 12000 },
    Tire_ITM: null,
    previous_reading: null,
    ...over,
  };
}

/** The unit's mounted tires: [position, serial] pairs. */
export function activeTires(entries: [string, string][]): TActiveUnitTires {
  return {
    Unit: {
      id: 11,
      plate_number: 'B 9512 TXB',
      unit_type: 'TRONTON',
      tonnage: 20,
      Project: { name: 'FMCG' },
    },
    Tire: entries.map(([position, serial], i) => ({
      activeTireId: i + 1,
      position,
      status: 'INSTALLED' as const,
      km_installed: 0,
      tire_id: i + 1,
      detail: {
        id: i + 1,
        tireId: i + 1,
        serial_number: serial,
        ir_brand: 'X',
        groove_1: 1,
        groove_2: 1,
        groove_3: 1,
        groove_4: 1,
        pressure: 1,
        odometer: 1,
      },
    })),
    OffTire: [],
  };
}

export function checkDetail(over: Partial<TTireCheckDetail> = {}): TTireCheckDetail {
  return {
    id: 7,
    // 07:35 in Jakarta
    createdAt: '2025-03-10T00:35:00.000Z',
    performed_at: '2025-03-10T00:35:00.000Z',
    late_days: null,
    time: '07:35',
    date: '2025-03-10',
    plate_number: 'B 9512 TXB',
    unit_id: 11,
    tireman: 3,
    location_id: 1,
    project_id: 2,
    odometer: 12000,
    equipment: 'Dongkrak,Kunci Roda',
    tireman_sign: 'sig/tireman.png',
    driver_sign: 'sig/driver.png',
    pic_sign: '-',
    pic_name: '-',
    pic_absent_reason: null,
    edp_sign: '-',
    workshop_sign: '-',
    itms_sign: 'sig/tireman.png',
    status: 'pending',
    stage: 'sent',
    plate_number_url: 'photo/plate.png',
    odometer_url: '-',
    returned_at: null,
    return_reason: null,
    field_warnings: [],
    validated_by: null,
    validated_at: null,
    validator: null,
    workshop_signed: null,
    Location: { name: 'Pool Cakung', Region: { id: 1, name: 'Jabodetabek', manpower: 4, pic: 'Hendra' } },
    Driver: { name: 'Darmanto', phone: '081155393123' },
    Unit: {
      id: 11,
      plate_number: 'B 9512 TXB',
      unit_type: 'TRONTON',
      tonnage: 20,
      Project: { name: 'FMCG' },
    },
    Project: { name: 'Distribusi FMCG Nasional' },
    tireman_tire_check: {
      id: 3,
      name: 'Budi Santoso',
      signature: 'sig/tireman.png',
      photo: '-',
      phone: '081227610636',
    },
    records: [],
    returns: [],
    ...over,
  };
}

export function queueRow(id: number, over: Partial<TCheckQueueRow> = {}): TCheckQueueRow {
  return {
    id,
    createdAt: '2025-03-10T00:35:00.000Z',
    performed_at: '2025-03-10T00:35:00.000Z',
    late_days: null,
    time: '07:35',
    date: '2025-03-10',
    plate_number: 'B 9512 TXB',
    status: 'pending',
    tireman_tire_check: { id: 3, name: 'Budi Santoso' },
    Location: { name: 'Pool Cakung' },
    Unit: { plate_number: 'B 9512 TXB', Project: { name: 'FMCG' } },
    project: 'Distribusi FMCG Nasional',
    returned_at: null,
    ...over,
  };
}

export const staffUser = (signature: string): TSessionUser => ({
  id: 2,
  name: 'Dewi EDP',
  email: 'edp@itms.local',
  role: 'staff',
  phone: '081234567890',
  photo: '-',
  signature,
  department: 'EDP',
});
