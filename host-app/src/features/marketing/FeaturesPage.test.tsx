import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FeaturesPage } from './FeaturesPage';

afterEach(cleanup);

const NOT_BUILT = ['Auto-format', 'Certificate-based digital signatures'];

describe('features page', () => {
  it('lists what is not built yet under "Coming soon" and nowhere else', () => {
    render(
      <MemoryRouter>
        <FeaturesPage />
      </MemoryRouter>,
    );
    const comingSoon = screen.getByRole('region', { name: /Coming soon/ });
    const soon = within(comingSoon)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(soon).toEqual(expect.arrayContaining(NOT_BUILT));
    const elsewhere = screen
      .getAllByRole('region')
      .filter((region) => region !== comingSoon)
      .flatMap((region) => within(region).queryAllByRole('listitem').map((item) => item.textContent ?? ''));
    for (const feature of NOT_BUILT) expect(elsewhere).not.toContain(feature);
    expect(elsewhere.join('\n')).not.toMatch(/auto-format/i);
  });

  it('lists what shipped where it belongs: real-time collaboration, find and forms', () => {
    render(
      <MemoryRouter>
        <FeaturesPage />
      </MemoryRouter>,
    );
    const collaboration = screen.getByRole('region', { name: 'Collaboration' });
    expect(within(collaboration).getByText(/^Real-time collaboration \(Team\)/)).toBeTruthy();
    const editing = screen.getByRole('region', { name: 'Editing tools' });
    expect(within(editing).getByText(/^Find in the document/)).toBeTruthy();
    expect(within(editing).getByText('Fill in PDF forms')).toBeTruthy();
    const comingSoon = screen.getByRole('region', { name: /Coming soon/ });
    expect(within(comingSoon).queryByText(/real-time|find|forms/i)).toBeNull();
  });

  it('lists the document summary and OCR, which shipped, among the AI features and not under "Coming soon"', () => {
    render(
      <MemoryRouter>
        <FeaturesPage />
      </MemoryRouter>,
    );
    const ai = screen.getByRole('region', { name: 'AI features' });
    expect(within(ai).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Document summary (Pro): key sentences with their pages',
      'OCR text recognition (Pro): scanned pages become searchable text',
    ]);
    const comingSoon = screen.getByRole('region', { name: /Coming soon/ });
    expect(within(comingSoon).queryByText(/summary|OCR/i)).toBeNull();
    expect(within(comingSoon).getByText('Auto-format')).toBeTruthy();
  });
});
