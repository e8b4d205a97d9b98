import type { StatisticsTable as Table } from "#server/domain/payments/statistics-mail.server.ts";

/** A paid period's numbers per day (the same table as the end-of-period mail), folded away. */
export function StatisticsTable({ table }: { table: Table }) {
  if (table.rows.length === 0) return null;
  const cell = (index: number) => (index === 0 ? "pr-4 text-left" : "pr-4 text-right");
  return (
    <details>
      <summary className="cursor-pointer text-sm font-semibold">Zahlen pro Tag</summary>
      <table className="tabular mt-2 text-sm">
        <thead>
          <tr>
            {table.header.map((label, index) => (
              <th key={label} className={cell(index)}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((cells) => (
            <tr key={cells[0]}>
              {cells.map((value, index) => (
                <td key={table.header[index]} className={cell(index)}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            {table.total.map((value, index) => (
              <th key={table.header[index]} className={cell(index)}>
                {value}
              </th>
            ))}
          </tr>
        </tfoot>
      </table>
    </details>
  );
}
