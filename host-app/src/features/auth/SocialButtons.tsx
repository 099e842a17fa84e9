// Social sign-in: Google starts the server's OAuth flow; Microsoft is announced but not offered yet.
import { authApi } from '../../api/auth';

export function SocialButtons({ onGoogle }: { onGoogle?: () => void }) {
  return (
    <>
      <div className="divider">or continue with</div>
      <div className="social-row">
        <a className="btn" href={authApi.googleUrl()} onClick={onGoogle}>
          Google
        </a>
        <button type="button" className="btn" aria-disabled="true" title="Microsoft sign-in is coming soon">
          Microsoft
        </button>
      </div>
    </>
  );
}
