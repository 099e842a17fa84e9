// The summary's sizes, apart from the summariser so the editor can name them without loading it.

/** How many sentences a summary has when no number is asked for. */
export const DEFAULT_SUMMARY_SENTENCES = 5;
/** The most sentences a summary may ask for: more is no longer a summary. */
export const MAX_SUMMARY_SENTENCES = 50;
