// The token prompt: a server started with --token answers nothing without it. The token is
// kept in sessionStorage for this tab only and sent as a bearer header.

import { storeToken } from '../api.js';

export function TokenPrompt({ onSaved, wrong }: { onSaved: () => void; wrong: boolean }) {
  return (
    <form
      class="token"
      aria-labelledby="token-title"
      onSubmit={(event: Event) => {
        event.preventDefault();
        const value = String(new FormData(event.target as HTMLFormElement).get('token') ?? '').trim();
        if (value === '') return;
        storeToken(value);
        onSaved();
      }}
    >
      <h2 id="token-title">This server wants its token</h2>
      <p>
        It was started with <code>--token</code>. The token is kept for this tab only (sessionStorage) and sent as a bearer header; closing the tab forgets it.
      </p>
      {wrong ? (
        <p class="error" role="alert">
          The server refused that token.
        </p>
      ) : null}
      <label for="token-input">Token</label>
      <input id="token-input" name="token" type="password" autocomplete="off" required autofocus />
      <button type="submit">Use token</button>
    </form>
  );
}
