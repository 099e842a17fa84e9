// Pricing page (spec section 2): monthly/yearly toggle, plan cards and FAQ. Signed in, each card's
// button follows the account's plan from the server: the current plan is marked and "Start Free
// Trial" starts the one 14-day trial (purchases are not connected yet, as the FAQ says).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { planButton } from '../plans/planStatus';
import { useAccount, useStartTrial } from '../plans/useAccount';
import { PLANS, priceLabel, type BillingPeriod, type PlanOffer } from './plans';
import './marketing.css';

const FAQ = [
  [
    'Can I buy a paid plan now?',
    'Not yet: payments are not connected, so no plan can be bought online. A free account can try the Personal plan free for 14 days, once; when the trial ends the account is on the Free plan again and keeps all its documents.',
  ],
  ['Can I try Marginalia without an account?', 'Yes. Guests can edit up to 3 documents a day; downloads carry a watermark.'],
  ['Is there a money-back guarantee?', 'Yes, every paid plan comes with a 30-day money-back guarantee.'],
  ['What happens to files I upload as a guest?', 'Guest files stay in your browser and auto-delete after 2 hours.'],
  ['Can I switch plans later?', 'Yes, you can upgrade, downgrade or cancel at any time.'],
] as const;

export function PricingPage() {
  useDocumentTitle('Pricing');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const user = useAccount();
  const startTrial = useStartTrial();
  const navigate = useNavigate();

  const choose = (plan: PlanOffer) => {
    const button = planButton(plan, user);
    if (button.kind === 'sign-in') navigate('/login');
    else if (button.kind === 'start-trial') startTrial.mutate();
    else if (button.kind === 'interest') {
      console.info('Plan chosen', { plan: plan.id, period });
      toast(`Thanks! We noted your interest in the ${plan.name} plan.`);
    }
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
        {PLANS.map((plan) => {
          const button = planButton(plan, user);
          const note = button.kind === 'none' ? button.note : undefined;
          return (
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
              <button
                type="button"
                className={`btn btn-block${plan.featured ? ' btn-primary' : ''}`}
                disabled={button.kind === 'none' || (button.kind === 'start-trial' && startTrial.isPending)}
                aria-describedby={note ? `plan-${plan.id}-note` : undefined}
                onClick={() => choose(plan)}
              >
                {button.label}
              </button>
              {note && (
                <p id={`plan-${plan.id}-note`} className="muted plan-note" data-testid={`plan-note-${plan.id}`}>
                  {note}
                </p>
              )}
            </section>
          );
        })}
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
