// Short content pages linked from the navbar and footer.
export interface StaticPage {
  title: string;
  intro: string;
  sections: { heading: string; body: string }[];
}

export const STATIC_PAGES: Record<string, StaticPage> = {
  api: {
    title: 'API',
    intro: 'Marginalia is built on an open-source React SDK, @marginalia/pdf-editor, that you can embed in your own product.',
    sections: [
      { heading: 'Embed the editor', body: 'Install @marginalia/pdf-editor from npm and render <PdfEditor file={bytes} /> to get the same editor this site uses: text, highlights, drawing, shapes, images and signatures.' },
      { heading: 'Export without a server', body: 'The framework-free core (@marginalia/pdf-editor/core) burns annotations into a PDF in the browser or in Node.' },
      { heading: 'REST API', body: 'Team plans include API access for uploading documents, reading and saving annotations, and creating share links.' },
    ],
  },
  about: {
    title: 'About Marginalia',
    intro: 'We make PDF editing as simple as opening a file in your browser.',
    sections: [
      { heading: 'Our mission', body: 'Nobody should need heavyweight desktop software to fill in a form, sign a contract or mark up a paper. Marginalia runs in the browser and keeps your files private.' },
      { heading: 'Open source at heart', body: 'The editor is an open-source SDK anyone can embed. This site is its reference product.' },
    ],
  },
  blog: {
    title: 'Blog',
    intro: 'News and tips from the Marginalia team.',
    sections: [
      { heading: 'Five ways to review a PDF faster', body: 'Use highlights for what matters, comments for questions, and strike-through for cuts. Undo is unlimited, so experiment freely.' },
      { heading: 'Why we process PDFs in your browser', body: 'Parsing and rendering happen on your device, so a guest’s file never has to leave it.' },
    ],
  },
  careers: {
    title: 'Careers',
    intro: 'We are a small, remote team that cares about craft.',
    sections: [
      { heading: 'Open roles', body: 'We have no open roles right now. Tell us about yourself anyway at careers@marginalia.example.' },
      { heading: 'How we work', body: 'Small teams, written decisions, and time to do things properly.' },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    intro: 'Your documents are yours. This policy explains what we keep and why.',
    sections: [
      { heading: 'Guest files', body: 'Files you open as a guest stay in your browser’s storage and are deleted automatically after 2 hours.' },
      { heading: 'Account data', body: 'For signed-in users we store your name, email, your uploaded documents and their annotations so you can reach them from any device.' },
      { heading: 'Deleting your data', body: 'Delete a document at any time from My Documents; it is removed from our storage.' },
    ],
  },
  terms: {
    title: 'Terms of Service',
    intro: 'By using Marginalia you agree to these terms.',
    sections: [
      { heading: 'Your content', body: 'You keep all rights to the documents you upload and edit. You are responsible for having the right to edit them.' },
      { heading: 'Free and paid plans', body: 'Free accounts have daily limits. Paid plans are billed monthly or yearly and come with a 30-day money-back guarantee.' },
      { heading: 'Acceptable use', body: 'Do not use the service to break the law or to disrupt it for others.' },
    ],
  },
  security: {
    title: 'Security',
    intro: 'How we protect your documents.',
    sections: [
      { heading: 'In transit and at rest', body: 'Traffic is encrypted with TLS, and stored documents are only reachable with your account’s session token.' },
      { heading: 'Sharing', body: 'Share links are read-only and can be revoked at any time.' },
      { heading: 'Reporting a problem', body: 'Found a vulnerability? Write to security@marginalia.example and we will respond quickly.' },
    ],
  },
};
