import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { validateXML } from "xmllint-wasm";

const schemaFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "fixtures",
  "factur-x-en16931",
);

/** What a PDF shows and carries: its text (pages joined by spaces) and its attached files. */
export async function readPdf(content: Uint8Array): Promise<{
  text: string;
  attachments: Record<string, Uint8Array>;
}> {
  const pdf = await getDocument({ data: new Uint8Array(content), verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
          .join(""),
      );
    }
    const found = ((await pdf.getAttachments()) ?? {}) as Record<
      string,
      { filename: string; content: Uint8Array }
    >;
    const attachments = Object.fromEntries(
      Object.values(found).map((file) => [file.filename, file.content]),
    );
    return { text: pages.join("\n"), attachments };
  } finally {
    await pdf.destroy();
  }
}

/** The Factur-X XML inside a PDF, checked against the Factur-X EN 16931 XSD. */
export async function validatedFacturXml(content: Uint8Array): Promise<string> {
  const { attachments } = await readPdf(content);
  const xml = attachments["factur-x.xml"];
  if (!xml) throw new Error(`No factur-x.xml in ${Object.keys(attachments).join(", ")}`);
  const text = new TextDecoder().decode(xml);
  const schemaFiles = readdirSync(schemaFolder).map((fileName) => ({
    fileName,
    contents: readFileSync(path.join(schemaFolder, fileName), "utf8"),
  }));
  const main = schemaFiles.find((file) => file.fileName === "Factur-X_EN16931.xsd")!;
  const result = await validateXML({
    xml: { fileName: "factur-x.xml", contents: text },
    schema: main,
    preload: schemaFiles.filter((file) => file !== main),
  });
  if (!result.valid) {
    throw new Error(`factur-x.xml is not valid: ${result.errors.map((e) => e.message).join("; ")}`);
  }
  return text;
}
