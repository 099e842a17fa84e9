// Pricing page (spec section 2): monthly/yearly toggle, plan cards and FAQ.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useAuthStore } from '../../stores/authStore';
import { PLANS, priceLabel, type BillingPeriod, type PlanOffer } from './plans';
import './marketing.css';

const FAQ = [
  ['Can I try Marginalia without an account?', 'Yes. Guests can edit up to 3 documents a day; downloads carry a watermark.'],
  ['Is there a money-back guarantee?', 'Yes, every paid plan comes with a 30-day money-back guarantee.'],
  ['What happens to files I upload as a guest?', 'Guest files stay in your browser and auto-delete after 2 hours.'],
  ['Can I switch plans later?', 'Yes, you can upgrade, downgrade or cancel at any time.'],
] as const;

export function PricingPage() {
  useDocumentTitle('Pricing');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const navigate = useNavigate();

  const choose = (plan: PlanOffer) => {
    if (!isAuthenticated) {
      navigate('/login');
      return;
    }
    console.info('Plan chosen', { plan: plan.id, period });
    toast(`Thanks! We noted your interest in the ${plan.name} plan.`);
  };

  return (
    <div className="page container">
      <header className="page-header">
        <h1>Simple, transparent pricing</h1>
        <p className="muted">Start free. Upgrade when you need more.</p>
        <div className="billing-toggle" role="group" aria-label="Billing period">
          <button type="button" aria-pressed={period === 'monthly'} onClick={() => setPeriod('monthly')}>
            Monthly
          </button>
          <button type="button" aria-pressed={period === 'yearly'} onClick={() => setPeriod('yearly')}>
            Yearly <span className="badge badge-warning">Save 17%</span>
          </button>
        </div>
      </header>
      <div className="plans">
        {PLANS.map((plan) => (
          <section key={plan.id} className={`card plan${plan.featured ? ' is-featured' : ''}`} aria-labelledby={`plan-${plan.id}`}>
            <h2 id={`plan-${plan.id}`}>
              {plan.name} {plan.featured && <span className="badge">Most popular</span>}
            </h2>
            <p className="plan-price" data-testid={`price-${plan.id}`}>
              {priceLabel(plan.prices[period], period)}
            </p>
            <ul>
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <button type="button" className={`btn btn-block${plan.featured ? ' btn-primary' : ''}`} onClick={() => choose(plan)}>
              {plan.cta}
            </button>
          </section>
        ))}
      </div>
      <section className="faq prose" style={{ margin: '0 auto' }} aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently asked questions</h2>
        {FAQ.map(([question, answer]) => (
          <details key={question}>
            <summary>{question}</summary>
            <p>{answer}</p>
          </details>
        ))}
      </section>
    </div>
  );
}
