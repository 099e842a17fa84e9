import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FeaturesPage } from './FeaturesPage';

afterEach(cleanup);

const NOT_BUILT = [
  'OCR text recognition',
  'Auto-format',
  'Real-time collaboration',
  'Certificate-based digital signatures',
];

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
    expect(elsewhere.join('\n')).not.toMatch(/OCR|auto-format|real-time/i);
  });

  it('lists the document summary, which shipped, among the AI features and not under "Coming soon"', () => {
    render(
      <MemoryRouter>
        <FeaturesPage />
      </MemoryRouter>,
    );
    const ai = screen.getByRole('region', { name: 'AI features' });
    expect(within(ai).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Document summary (Pro): key sentences with their pages']);
    const comingSoon = screen.getByRole('region', { name: /Coming soon/ });
    expect(within(comingSoon).queryByText(/summary/i)).toBeNull();
    expect(within(comingSoon).getByText('Auto-format')).toBeTruthy();
  });
});
