// Asks for the password of a protected PDF (pdf.js onPassword); a wrong one asks again.
import { useState } from 'react';
import { useDocumentView, useEditorRuntime } from '../context';

export function PasswordPrompt() {
  const { messages, document } = useEditorRuntime();
  const retry = useDocumentView((v) => v.passwordRetry);
  const [password, setPassword] = useState('');
  return (
    <form
      className="mg-password"
      aria-label={messages.passwordTitle}
      onSubmit={(event) => {
        event.preventDefault();
        document.submitPassword(password);
        setPassword('');
      }}
    >
      <h2>{messages.passwordTitle}</h2>
      <p>{retry ? messages.passwordWrong : messages.passwordPrompt}</p>
      <label>
        {messages.password}
        <input type="password" autoFocus value={password} onChange={(event) => setPassword(event.target.value)} />
      </label>
      <div className="mg-row">
        <button type="submit" className="mg-button mg-primary">{messages.open}</button>
        <button type="button" className="mg-button" onClick={() => document.submitPassword(null)}>{messages.cancel}</button>
      </div>
    </form>
  );
}
