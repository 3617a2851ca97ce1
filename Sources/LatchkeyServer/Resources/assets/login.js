// The hosted login pages: a page answered with errors moves focus to its error summary, so a
// screen reader reads the problems first and the keyboard starts from their links.
const summary = document.getElementById("error-summary");
if (summary) { summary.focus(); }

// "Show password": each password field's button, hidden until this script runs (without script the
// field and its form work as they are), shows or hides what was typed; aria-pressed says which.
for (const reveal of document.querySelectorAll("button.reveal[aria-controls]")) {
  const field = document.getElementById(reveal.getAttribute("aria-controls"));
  if (!field) { continue; }
  reveal.hidden = false;
  reveal.addEventListener("click", () => {
    const shown = field.type === "password";
    field.type = shown ? "text" : "password";
    reveal.setAttribute("aria-pressed", String(shown));
    field.focus();
  });
}

// Passkey sign-in: the form is shown only where the browser has WebAuthn. Its button asks the
// browser for a passkey with the options the page carries (a discoverable credential, so no
// username), then posts the answer as PublicKeyCredential.toJSON() would give it.
const passkeyForm = document.getElementById("passkey-form");
if (passkeyForm && window.PublicKeyCredential) {
  const fromBase64URL = (text) => {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
    return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  };
  const toBase64URL = (buffer) =>
    btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  passkeyForm.hidden = false;
  passkeyForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const options = JSON.parse(passkeyForm.dataset.options);
    const publicKey = {
      ...options,
      challenge: fromBase64URL(options.challenge),
      allowCredentials: options.allowCredentials.map((descriptor) => ({ ...descriptor, id: fromBase64URL(descriptor.id) })),
    };
    try {
      const credential = await navigator.credentials.get({ publicKey });
      const response = credential.response;
      document.getElementById("passkey-credential").value = JSON.stringify({
        id: credential.id,
        rawId: toBase64URL(credential.rawId),
        type: credential.type,
        response: {
          clientDataJSON: toBase64URL(response.clientDataJSON),
          authenticatorData: toBase64URL(response.authenticatorData),
          signature: toBase64URL(response.signature),
          userHandle: response.userHandle ? toBase64URL(response.userHandle) : null,
        },
        authenticatorAttachment: credential.authenticatorAttachment,
      });
      passkeyForm.submit();
    } catch (error) {
      const message = document.getElementById("passkey-error");
      message.hidden = false;
      message.focus();
    }
  });
}

// A provider that answers with a cross-site form POST (Sign in with Apple's form_post) does not
// bring the flow's SameSite=Lax cookie along: the page it gets sends the browser on with the same
// fields, now from this site, with the cookie. Without script, its link does the same.
const providerRelay = document.getElementById("provider-relay");
if (providerRelay) { window.location.replace(providerRelay.href); }
