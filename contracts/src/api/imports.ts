import { defineEndpoints, defineErrors, type Tag } from '../endpoint';
import { ZImportCommitReply, ZImportPreview } from '../master-data';

/** Error codes of the imports operations beyond the generic ones. */
export const importsErrors = defineErrors({
  /** Another import or form added one of the file's plates or serial numbers while it ran. */
  IMPORT_ROW_ADDED_MEANWHILE: 409,
});

const FILE_ERRORS = ['BAD_REQUEST', 'PAYLOAD_TOO_LARGE'] as const;

/** The three operations of one import kind (units or tires); a commit makes `stale` stale. */
function importOps(kind: 'units' | 'tires', noun: string, stale: readonly Tag[]) {
  return {
    preview: {
      method: 'POST',
      path: `/import/${kind}/preview`,
      summary: `Reads an XLSX or CSV file of ${noun} and lists every row with its problems; nothing is written.`,
      tag: 'imports',
      invalidates: 'nothing',
      access: 'office',
      multipart: 'file',
      reply: ZImportPreview,
      errors: FILE_ERRORS,
    },
    commit: {
      method: 'POST',
      path: `/import/${kind}/commit`,
      summary: `Imports every row of an XLSX or CSV file of ${noun} in one transaction, or none when a row has a problem.`,
      tag: 'imports',
      invalidates: stale,
      access: 'office',
      multipart: 'file',
      reply: ZImportCommitReply,
      status: 201,
      errors: [...FILE_ERRORS, 'IMPORT_ROW_ADDED_MEANWHILE'],
    },
    template: {
      method: 'GET',
      path: `/import/${kind}/template`,
      summary: `An empty XLSX template for importing ${noun}, with sheets of the allowed values.`,
      tag: 'imports',
      access: 'office',
      reply: { file: 'xlsx' },
    },
  } as const;
}

const units = importOps('units', 'units', ['units']);
const tires = importOps('tires', 'tires', ['tires', 'stock']);

export const importsEndpoints = defineEndpoints({
  previewUnitImport: units.preview,
  commitUnitImport: units.commit,
  downloadUnitImportTemplate: units.template,
  previewTireImport: tires.preview,
  commitTireImport: tires.commit,
  downloadTireImportTemplate: tires.template,
});
