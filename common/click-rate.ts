/** A click-through rate as the site and its mails write it: 0.025 → "2,5 %". */
export const formatCtr = (ctr: number) =>
  `${(ctr * 100).toLocaleString("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
