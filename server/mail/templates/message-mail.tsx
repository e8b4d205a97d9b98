import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { MailButton, MailLayout, mailColors, type MailFrame } from "./mail-layout.tsx";

/** Numbers as a table: header, one row per day, the total row. */
export interface MailTable {
  header: string[];
  rows: string[][];
  total: string[];
}

export interface MessageMailProps {
  frame: MailFrame;
  /** The sentences, one paragraph each; the first is the preview line too. */
  paragraphs: string[];
  /** The mail's one call to action. */
  link?: { label: string; url: string };
  table?: MailTable;
}

const paragraphStyle = { fontSize: "16px", lineHeight: "24px", margin: "0 0 12px" };
const cellStyle = { padding: "4px 8px", textAlign: "left" } as const;

/**
 * The short mails to one person — account, password and moderation mails, receipts, a paid
 * period's numbers: "Hallo!", the sentences, maybe a table and one button, the signature.
 */
export function MessageMail({ frame, paragraphs, link, table }: MessageMailProps) {
  return (
    <MailLayout frame={frame} preview={paragraphs[0] ?? ""}>
      <Text style={paragraphStyle}>Hallo!</Text>
      {paragraphs.map((paragraph) => (
        <Text key={paragraph} style={paragraphStyle}>
          {paragraph}
        </Text>
      ))}
      {table ? (
        <Section style={{ margin: "0 0 16px" }}>
          <table
            data-text-format="pipes"
            style={{ borderCollapse: "collapse", fontSize: "14px", lineHeight: "20px" }}
          >
            <thead>
              <tr>
                {table.header.map((value) => (
                  <th key={value} style={cellStyle}>
                    {value}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((cells) => (
                <tr key={cells[0]} style={{ borderTop: `1px solid ${mailColors.line}` }}>
                  {cells.map((value, index) => (
                    <td key={index} style={cellStyle}>
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr style={{ borderTop: `2px solid ${mailColors.ink}` }}>
                {table.total.map((value, index) => (
                  <th key={index} style={cellStyle}>
                    {value}
                  </th>
                ))}
              </tr>
            </tfoot>
          </table>
        </Section>
      ) : null}
      {link ? <MailButton href={link.url}>{link.label}</MailButton> : null}
      <Text style={{ ...paragraphStyle, marginTop: "24px" }}>Dein Team von {frame.siteName}</Text>
    </MailLayout>
  );
}
