// The widget's stylesheet, inside its shadow root: the site's CSS cannot reach
// it and it cannot reach the site. `:host` resets what inherits through the
// shadow boundary (font, colour, line height…). --accent is the app's colour.
export const WIDGET_CSS = `
:host{all:initial;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;--accent:#2563eb;--on-accent:#fff}
*{box-sizing:border-box;font:inherit}
button{cursor:pointer;border:0;background:none;color:inherit}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.launcher{position:fixed;right:20px;bottom:20px;z-index:2147483000;width:56px;height:56px;border-radius:50%;background:var(--accent);color:var(--on-accent);box-shadow:0 6px 20px rgba(0,0,0,.25);display:grid;place-items:center}
.launcher svg{width:26px;height:26px}
.panel{position:fixed;right:20px;bottom:88px;z-index:2147483000;width:380px;height:min(600px,calc(100vh - 108px));background:#fff;border-radius:14px;box-shadow:0 12px 40px rgba(0,0,0,.25);display:flex;flex-direction:column;overflow:hidden}
.panel[hidden]{display:none}
:host(.page) .panel{position:static;width:100%;max-width:760px;height:100dvh;margin:0 auto;border-radius:0;box-shadow:none}
@media (max-width:480px){:host(.widget) .panel{right:0;bottom:0;width:100vw;height:100dvh;border-radius:0}.launcher[aria-expanded="true"]{display:none}}
header{display:flex;align-items:center;gap:8px;padding:12px 14px;background:var(--accent);color:var(--on-accent)}
.title{flex:1;font-weight:600;font-size:16px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
header button{width:32px;height:32px;border-radius:8px;font-size:20px;line-height:1}
header button:hover{background:rgba(255,255,255,.18)}
.log{flex:1;overflow-y:auto;padding:14px;display:flex;flex-direction:column;gap:10px;background:#f9fafb}
.msg{max-width:85%;padding:9px 12px;border-radius:12px;white-space:pre-wrap;overflow-wrap:anywhere}
.assistant,.greeting{align-self:flex-start;background:#fff;border:1px solid #e5e7eb}
.user{align-self:flex-end;background:var(--accent);color:var(--on-accent)}
.user.failed{opacity:.7}
.suggestions{display:flex;flex-wrap:wrap;gap:6px;margin:0;padding:0;border:0}
.suggestions legend{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.suggestions button{border:1px solid var(--accent);color:var(--accent);background:#fff;border-radius:999px;padding:6px 12px;font-size:14px;text-align:left}
.tools{list-style:none;margin:0 0 6px;padding:0;font-size:13px;color:#4b5563}
.sources{margin-top:8px;padding-top:6px;border-top:1px solid #e5e7eb;font-size:13px;color:#374151}
.sources ol{margin:4px 0 0;padding-left:18px}
.sources a{color:var(--accent)}
.typing{display:inline-flex;gap:4px;padding:4px 0}
.typing i{width:7px;height:7px;border-radius:50%;background:#9ca3af;animation:blink 1.2s infinite}
.typing i:nth-child(2){animation-delay:.2s}.typing i:nth-child(3){animation-delay:.4s}
@keyframes blink{0%,80%,100%{opacity:.25}40%{opacity:1}}
@media (prefers-reduced-motion:reduce){.typing i{animation:none}}
.error{margin:4px 0 0;color:#b91c1c;font-size:14px;white-space:normal}
.error button,.notice button{margin-left:6px;text-decoration:underline;color:#b91c1c}
.notice{margin:0;padding:10px 14px;background:#fef3c7;color:#78350f;font-size:14px}
.notice[hidden]{display:none}
form{display:flex;gap:8px;padding:10px;border-top:1px solid #e5e7eb;background:#fff}
textarea{flex:1;resize:none;height:42px;max-height:120px;padding:10px 12px;border:1px solid #d1d5db;border-radius:10px;color:#111827;background:#fff}
form button{padding:0 16px;border-radius:10px;background:var(--accent);color:var(--on-accent);font-weight:600}
form button:disabled,textarea:disabled{opacity:.5;cursor:not-allowed}
.signin{margin:0;padding:14px;border-top:1px solid #e5e7eb;background:#fff;font-size:14px}
.signin[hidden]{display:none}
form.signin{flex-direction:column;align-items:stretch;gap:6px}
.signin strong{font-weight:600;font-size:15px;margin-bottom:4px}
.signin input{height:40px;padding:8px 12px;border:1px solid #d1d5db;border-radius:10px;color:#111827;background:#fff}
.signin button{height:42px;margin-top:6px}
.signin a{color:var(--accent);font-weight:600}
`;
