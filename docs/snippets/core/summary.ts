import { summarizeText, SummaryInputError } from '@marginalia/pdf-editor/core';

// #region offline
const pages = [
  { page: 1, text: 'Annual Report 2026\nWind turbines supplied a third of the town\'s electricity this year.\n1' },
  { page: 2, text: 'Annual Report 2026\nThe new offshore wind turbines doubled the output of the old farm.\n2' },
];
try {
  for (const { text, page } of summarizeText(pages, { sentences: 3 })) console.log(`p. ${page}: ${text}`);
} catch (error) {
  if (error instanceof SummaryInputError) console.error(error.issues); // e.g. ['pages[0].page: expected a whole number from 1']
}
// #endregion
