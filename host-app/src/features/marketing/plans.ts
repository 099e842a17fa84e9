// Plan catalogue shown on the pricing page (spec sections 3 and 6).
export type BillingPeriod = 'monthly' | 'yearly';

export interface PlanOffer {
  id: 'free' | 'personal' | 'team';
  name: string;
  prices: Record<BillingPeriod, number>;
  features: string[];
  cta: string;
  featured?: boolean;
}

export const PLANS: PlanOffer[] = [
  {
    id: 'free',
    name: 'Free',
    prices: { monthly: 0, yearly: 0 },
    features: ['3 PDFs per day', '10 MB file limit', 'Watermarked exports', 'Basic editing tools'],
    cta: 'Get Started',
  },
  {
    id: 'personal',
    name: 'Personal',
    prices: { monthly: 9.99, yearly: 99.99 },
    features: ['Unlimited PDFs', 'No watermark', 'OCR and AI features', '10 GB storage', 'Advanced tools'],
    cta: 'Start Free Trial',
    featured: true,
  },
  {
    id: 'team',
    name: 'Team',
    prices: { monthly: 39.99, yearly: 399.99 },
    features: ['5 team members', 'Real-time collaboration', 'Admin dashboard', 'API access', '100 GB storage'],
    cta: 'Contact Sales',
  },
];

export function priceLabel(price: number, period: BillingPeriod): string {
  if (price === 0) return '$0';
  return `$${price.toFixed(2)}/${period === 'monthly' ? 'mo' : 'yr'}`;
}
