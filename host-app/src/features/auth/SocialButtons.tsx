// Social sign-in: one button per provider the server is configured for (Google, Microsoft); nothing
// at all when there is none.
import { authApi } from '../../api/auth';
import type { SignInProvider } from '@marginalia/api';
import { PROVIDER_LABELS, useSignInProviders } from './signInProviders';

export function SocialButtons({ onChoose }: { onChoose?: (provider: SignInProvider) => void }) {
  const providers = useSignInProviders();
  if (providers.length === 0) return null;
  return (
    <>
      <div className="divider">or continue with</div>
      <div className="social-row">
        {providers.map((provider) => (
          <a key={provider} className="btn" href={authApi.signInUrl(provider)} onClick={() => onChoose?.(provider)}>
            {PROVIDER_LABELS[provider]}
          </a>
        ))}
      </div>
    </>
  );
}
