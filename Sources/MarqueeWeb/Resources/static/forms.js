// Marquee: sign-in, sign-up, guest and account forms, checked as the person types. Loaded after app.js.
"use strict";
// ---- Sign in, sign up, guest ----------------------------------------------------------------------------------

/** The experience picked on the create-account page; undefined elsewhere (the server's default). */
const chosenExperience = () => $("input[name=experience]:checked")?.value;

/** An error as a form shows it: the message, and the request id to quote. */
/** An error as a form shows it: its request id only when the fault is the server's, to quote when asking for help. */
const explained = (error) => error.message + (error.status >= 500 && error.requestId ? ` (request ${error.requestId})` : "");

/** Shows a form's outcome in its message line, as good news or as a problem. */
function say(message, text, good = false) {
  message.textContent = text;
  message.classList.toggle("good", good && !!text);
  message.classList.toggle("bad", !good && !!text);
}

const emailLooksValid = (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

/** Marks the password rules a value meets; true when it meets them all. */
function checkRules(input) {
  const rules = input.parentElement.querySelector("[data-rules]") || $("[data-rules]", input.form);
  if (!rules) return true;
  const value = input.value;
  const length = [...value].length; // code points, as the server counts
  const met = {
    too_short: length >= 8, too_long: length <= 128, no_lowercase: /\p{Ll}/u.test(value),
    no_uppercase: /\p{Lu}/u.test(value), no_digit: /\d/.test(value),
  };
  let ok = true;
  // A rule the page cannot check (the list of common passwords stays on the server) is never shown as met.
  for (const li of $$("[data-rule]", rules)) {
    const pass = met[li.dataset.rule];
    li.classList.toggle("met", pass === true && value.length > 0);
    ok = ok && pass !== false;
  }
  return ok;
}

function setUpAuthForm() {
  const form = $("#auth-form");
  if (!form) return;
  const signup = form.dataset.mode === "signup";
  const next = safeNext(form.dataset.next);
  const email = $("#email");
  const password = $("#password");
  const message = $("#form-msg");
  email.addEventListener("blur", () => {
    $("#email-msg").textContent = email.value && !emailLooksValid(email.value) ? "Enter an email address such as name@example.com." : "";
    $("#email-msg").classList.toggle("bad", !!$("#email-msg").textContent);
  });
  if (signup) password.addEventListener("input", () => checkRules(password));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    say(message, "");
    if (!emailLooksValid(email.value)) { say(message, "Enter a valid email address."); return email.focus(); }
    if (!password.value) { say(message, "Enter your password."); return password.focus(); }
    if (signup && !checkRules(password)) { say(message, "The password does not meet every rule above yet."); return password.focus(); }
    const button = $("button[type=submit]", form);
    button.disabled = true;
    try {
      if (signup) {
        await api("POST", "/api/v1/auth/signup", { email: email.value.trim(), password: password.value, experience: chosenExperience() });
        const done = Object.assign(document.createElement("p"), {
          className: "good", id: "signup-done", tabIndex: -1,
          textContent: "Check your mail: we sent a link to confirm the address. Follow it, then sign in.",
        });
        done.setAttribute("role", "status");
        form.replaceWith(done);
        done.focus();
      } else {
        await api("POST", "/api/v1/auth/signin", { email: email.value.trim(), password: password.value, session: "cookie" });
        // Replaced, not added to the history: Back should not lead to a sign-in form for someone signed in.
        location.replace(next);
      }
    } catch (error) {
      say(message, explained(error));
      if (error.code === "auth.email_not_verified") offerNewLink(message, email.value.trim());
    } finally {
      button.disabled = false;
    }
  });
}

/** "Send the link again" under a refused sign-in whose address is not confirmed yet. */
function offerNewLink(message, address) {
  const again = Object.assign(document.createElement("button"), { type: "button", className: "btn", textContent: "Send the link again" });
  again.addEventListener("click", async () => {
    again.disabled = true;
    try {
      await api("POST", "/api/v1/auth/verify/resend", { email: address });
      say(message, `A new link is on its way to ${address}.`, true);
    } catch (error) {
      say(message, explained(error));
      again.disabled = false;
      message.append(" ", again);
    }
  });
  message.append(" ", again);
}

/** Only paths on this site are followed after signing in. */
function safeNext(next) {
  if (!next || !next.startsWith("/")) return "/";
  const url = new URL(next, location.origin);
  return url.origin === location.origin ? url.pathname + url.search + url.hash : "/";
}

document.addEventListener("click", async (event) => {
  const guest = event.target.closest("[data-guest]");
  if (!guest) return;
  guest.disabled = true;
  try {
    await api("POST", "/api/v1/auth/guest", { session: "cookie", experience: chosenExperience() });
    const form = $("#auth-form");
    location.replace(safeNext(form ? form.dataset.next : "/"));
  } catch (error) {
    fail(error);
    guest.disabled = false;
  }
});

// ---- A reset link's new password (a plain form; this only explains problems before it is sent) ---------------------

function setUpResetForm() {
  const form = $("#reset-form");
  if (!form) return;
  const password = $("#password", form);
  const again = $("#password_again", form);
  const message = $("[role=alert]", form);
  password.addEventListener("input", () => checkRules(password));
  form.addEventListener("submit", (event) => {
    message.textContent = "";
    if (!checkRules(password)) message.textContent = "The password does not meet every rule above yet.";
    else if (password.value !== again.value) message.textContent = "The two passwords are not the same.";
    if (message.textContent) {
      event.preventDefault();
      message.classList.add("bad");
      (checkRules(password) ? again : password).focus();
    }
  });
}

// ---- Account ---------------------------------------------------------------------------------------------------

function formHandler(id, action) {
  const form = document.getElementById(id);
  if (!form) return;
  const message = $("[role=alert]", form);
  for (const input of $$("input[type=password][autocomplete=new-password]", form)) input.addEventListener("input", () => checkRules(input));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = $("button[type=submit]", form);
    button.disabled = true;
    say(message, "");
    try {
      const done = await action(form, message);
      if (done) say(message, done, true);
    } catch (error) {
      say(message, explained(error));
    } finally {
      button.disabled = false;
    }
  });
}

/** What this browser kept for the person: offline pages (which show their name), the lists' offline copies,
 * recent searches, and toggles still waiting to be sent. */
async function forgetThisBrowser() {
  localStorage.removeItem(downloadsKey);
  localStorage.removeItem(recentKey);
  forgetQueued(() => true);
  if (window.caches) await Promise.all([caches.delete(downloadsCache), caches.delete(listsCache)]);
}

/** "Clear all favourites of this experience": asked twice, done as one change, and undone (for a few seconds) by
 * importing back what was read just before. */
function setUpClearFavourites() {
  const start = $("[data-clear-favourites]");
  const box = $("#clear-confirm");
  if (!start || !box) return;
  const experience = start.dataset.clearFavourites;
  const ask = (asking) => { box.hidden = !asking; start.hidden = asking; (asking ? $("[data-clear-confirm]", box) : start).focus(); };
  start.addEventListener("click", () => ask(true));
  $("[data-clear-cancel]", box).addEventListener("click", () => ask(false));
  $("[data-clear-confirm]", box).addEventListener("click", async () => {
    ask(false);
    try {
      const saved = await api("GET", "/api/v1/me/export?format=json");
      const change = await api("DELETE", "/api/v1/me/items/favorites?experience=" + encodeURIComponent(experience));
      if (!change) return toast("There were no favourites to clear.");
      const kinds = change.media_types || [];
      const items = saved.items.filter((item) => item.list === "favorites" && kinds.includes(item.media_type));
      toast(`Cleared ${items.length === 1 ? "1 favourite" : items.length + " favourites"}.`, { action: { label: "Undo", run: async () => {
        try {
          await api("POST", "/api/v1/me/import?format=json", { format: saved.format, version: saved.version, items });
          toast("Put back.");
        } catch (error) { fail(error); }
      } } });
    } catch (error) { fail(error); }
  });
}

function setUpAccount() {
  setUpClearFavourites();
  const drawnExperience = $("#prefs-form input[name=experience]:checked")?.value;
  formHandler("prefs-form", async (form) => {
    const value = (name) => form.elements[name].value.trim() || null;
    const experience = chosenExperience();
    await api("PATCH", "/api/v1/me", {
      display_name: value("display_name"), region: value("region") && value("region").toUpperCase(),
      language: value("language"), temperature_unit: value("temperature_unit"), experience,
    });
    // Another experience is another app: open into it.
    if (experience !== drawnExperience) {
      toastAfterNavigation("Saved. This is your app now; the others stay in the navigation.");
      location.href = "/";
    }
    return "Saved.";
  });
  formHandler("password-form", async () => {
    await api("POST", "/api/v1/auth/password/change", { current_password: $("#current-password").value, new_password: $("#new-password").value });
    // The change starts a new session, so this page's CSRF token and live stream belong to the old one.
    toastAfterNavigation("Your password is changed. Other devices were signed out.");
    location.reload();
  });
  formHandler("email-form", async () => {
    const body = { email: $("#new-email").value.trim() };
    if ($("#email-password")) body.password = $("#email-password").value;
    const answer = await api("POST", "/api/v1/auth/email/change", body);
    return answer.message;
  });
  formHandler("upgrade-form", async () => {
    const answer = await api("POST", "/api/v1/auth/upgrade", { email: $("#up-email").value.trim(), password: $("#up-password").value });
    // The guest stays signed in; the account takes the address once its link is followed.
    return answer.message;
  });
  formHandler("delete-form", async (form, message) => {
    if (!$("#delete-confirm").checked) throw new ApiError(400, { error: { message: "Tick the box to confirm." } });
    message.textContent = "Deleting your account and everything in it…";
    const body = $("#delete-password") ? { password: $("#delete-password").value } : {};
    const answer = await api("DELETE", "/api/v1/me", body);
    await forgetThisBrowser();
    toastAfterNavigation(answer.message);
    location.href = "/";
  });
  for (const [selector, everywhere] of [["[data-signout]", false], ["[data-signout-everywhere]", true]]) {
    const button = $(selector);
    if (button) button.addEventListener("click", async () => {
      // A guest has no way back in: what it saved is out of reach once signed out, and removed after 30 days.
      const guest = !!$("#upgrade-form");
      if (guest && !confirm("You are using Marquee as a guest. Once you sign out, nobody can get back to what you " +
        "saved, and it is deleted after 30 days. To keep it, create an account first (above).\n\nSign out anyway?")) return;
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
      try {
        const answer = await api("POST", "/api/v1/auth/signout", { everywhere });
        await forgetThisBrowser();
        toastAfterNavigation(answer.message);
        location.href = "/";
      } catch (error) {
        // Asked to sign out, the browser forgets the person's things even when the server could not be told (or the
        // sign-in had already ended).
        await forgetThisBrowser();
        fail(error);
        button.disabled = false;
        button.removeAttribute("aria-busy");
      }
    });
  }
}

onStart.push(setUpAuthForm, setUpResetForm, setUpAccount);
