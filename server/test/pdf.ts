import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a printed record, all pages, as a reader would copy it. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}

/** Image XObjects in the file (their dictionaries are not compressed, only their streams). */
export const pdfImageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
