// @ts-check
/**
 * The only inline script of the site, in <head>: astro.config.mjs adds its hash to the CSP.
 * 1. Before the first paint it marks <html data-auth="in|out"> from the readable `signed_in`
 *    cookie, so pages show "log out" instead of "log in" without a flash.
 * 2. A message left for the next page (the `flash` cookie: logout, login, ...) is shown once in the
 *    green snackbar for 2 seconds, from the texts the page carries; after logout the tab's stored
 *    choices are cleared. Pages without islands thus need no script file at all.
 */
export const AUTH_HINT_SCRIPT = [
  '(function(){var d=document,c=d.cookie;',
  "d.documentElement.dataset.auth=/(?:^|;\\s*)signed_in=1(?:;|$)/.test(c)?'in':'out';",
  'var m=/(?:^|;\\s*)flash=([A-Za-z]+)/.exec(c);if(!m)return;',
  "d.cookie='flash=; Max-Age=0; Path=/; SameSite=Lax';",
  "if(m[1]==='logout'){try{sessionStorage.clear()}catch(e){}}",
  "d.addEventListener('DOMContentLoaded',function(){",
  "var r=d.getElementById('snackbar-event'),tp=d.getElementById('snackbar-template');if(!r||!tp)return;",
  "var texts=JSON.parse(r.getAttribute('data-flash')||'{}'),text=texts[m[1]];if(!text)return;",
  'var n=tp.content.firstElementChild.cloneNode(true);',
  "n.classList.add('bg-green-700');n.querySelector('[data-text]').textContent=text;",
  "n.querySelector('[data-close]').addEventListener('click',function(){n.remove()});",
  'r.replaceChildren(n);setTimeout(function(){n.remove()},2000)})})()',
].join('');
