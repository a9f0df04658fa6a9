// Real files for tests, made here rather than checked in: JPEG/PNG/WebP
// images (sharp), a PDF with a line of text (written by hand, with a correct
// cross-reference table), a Word document (a real .docx zip), and an ELF
// executable header (a type nobody may upload).
import JSZip from 'jszip';
import sharp from 'sharp';

export async function imageBytes(format: 'jpeg' | 'png' | 'webp', width = 64, height = 48, { exif = false } = {}): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })[format]();
  if (exif) image = image.withExif({ IFD0: { Make: 'FieldCam', Model: 'GPS-9000', Copyright: 'secret-location-47.3N' } });
  return image.toBuffer();
}

/** A PDF with one page per text (Helvetica; ASCII without parentheses or backslashes). */
export function pdfBytes(text: string | readonly string[]): Buffer {
  // Objects: 1 catalog, 2 pages, 3 font, then a page and its content stream for each page.
  const pages = typeof text === 'string' ? [text] : text;
  const pageObject = (index: number) => 4 + index * 2;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, index) => `${pageObject(index)} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...pages.flatMap((pageText, index) => {
      const stream = `BT /F1 12 Tf 72 720 Td (${pageText}) Tj ET`;
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageObject(index) + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
        `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
      ];
    }),
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A minimal Word document with one paragraph per line of `text`. */
/** A Word paragraph: plain text, or a heading (styled "heading 1", "heading 2"… as Word names them). */
export type DocxParagraph = string | { heading: 1 | 2 | 3; text: string };

export async function docxBytes(text: string | readonly DocxParagraph[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  const lines: readonly DocxParagraph[] = typeof text === 'string' ? text.split('\n') : text;
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const paragraphs = lines
    .map((line) =>
      typeof line === 'string'
        ? `<w:p><w:r><w:t xml:space="preserve">${escape(line)}</w:t></w:r></w:p>`
        : `<w:p><w:pPr><w:pStyle w:val="Heading${line.heading}"/></w:pPr><w:r><w:t xml:space="preserve">${escape(line.text)}</w:t></w:r></w:p>`,
    )
    .join('');
  if (typeof text !== 'string') {
    zip.file('word/_rels/document.xml.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>');
    const styles = [1, 2, 3].map((level) => `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/></w:style>`).join('');
    zip.file('word/styles.xml', `<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${styles}</w:styles>`);
  }
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The start of a Linux executable: a type no endpoint stores, whatever it is called. */
export const ELF_BYTES = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]);
