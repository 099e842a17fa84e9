// A file a request brought in, already on local disk: what the services that store it are given,
// whichever way it arrived (routes/uploads.ts receives multipart uploads).
export interface ReceivedFile {
  /** Path of the complete file in its temporary folder. */
  path: string;
  /** The name the client gave, unsanitised. */
  clientName: string;
  size: number;
  /** The form's text fields, by name (the first value of a repeated one). */
  fields: Record<string, string>;
  /** Removes the temporary folder and whatever is left in it. */
  cleanup(): Promise<void>;
}
