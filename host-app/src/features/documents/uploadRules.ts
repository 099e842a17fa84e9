// Rules for the two drop zones (spec section 5) and the messages for the drop library's error codes.
export const LANDING_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENTS_MAX_BYTES = 100 * 1024 * 1024;
export const FREE_DAILY_UPLOADS = 3;

export const UPLOAD_MESSAGES = {
  landingTooLarge: 'File is too large. Maximum size is 10MB for free accounts.',
  landingInvalid: 'Invalid file type. Please upload a PDF file.',
  documentsType: 'File type not supported. Please upload PDF, JPG, PNG, DOC, or DOCX files.',
  documentsTooLarge: 'File size too large. Maximum size is 100MB.',
  dailyLimit: "You've reached your daily limit of 3 PDF uploads. Upgrade to Pro for unlimited uploads.",
  openLocally: 'You can still open a PDF to edit in your browser, without cloud save.',
  localPdfOnly: 'Only a PDF can be opened in the editor without uploading it.',
  failed: 'Failed to upload file',
  pendingFailed: 'Failed to process the selected file',
} as const;

export const DOCUMENT_ACCEPT: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

/** The landing zone's message for the first rejection code react-dropzone reports. */
export function landingRejectionMessage(code: string | undefined): string {
  return code === 'file-too-large' ? UPLOAD_MESSAGES.landingTooLarge : UPLOAD_MESSAGES.landingInvalid;
}

export function documentsRejectionMessage(code: string | undefined): string {
  return code === 'file-too-large' ? UPLOAD_MESSAGES.documentsTooLarge : UPLOAD_MESSAGES.documentsType;
}

export function isUploadBlocked(user: { plan: string; dailyUsage: number } | null): boolean {
  return user !== null && user.plan === 'free' && user.dailyUsage >= FREE_DAILY_UPLOADS;
}

export function isPdf(file: { name: string; type: string }): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}
