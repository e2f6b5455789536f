/**
 * The panel's whole stylesheet, inlined in its page (src/widget/panel/page.ts): system fonts (no font
 * file to fetch), the chatbot's accent from two custom properties set by the script, and the phone rules
 * of docs/decisions/078-a-light-visitor-panel.md — inputs at 16 px (smaller makes iOS zoom on focus), touch targets of 44 px, the height of
 * the visual viewport (`--vh`, set by the script) so the keyboard never covers the message box, and the
 * safe-area insets of notched screens.
 */
export const PANEL_CSS = `
*{box-sizing:border-box}
html,body{margin:0;height:100%;background:#fff}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
[hidden]{display:none!important}
button{font:inherit;color:inherit;cursor:pointer}
button:disabled{cursor:default;opacity:.5}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.panel{display:flex;flex-direction:column;height:var(--vh,100dvh);overflow:hidden;background:#fff;padding:0 env(safe-area-inset-right) 0 env(safe-area-inset-left)}
.panel.page{max-width:48rem;margin:0 auto}
@media (min-width:640px){.panel.page{border-left:1px solid #e5e7eb;border-right:1px solid #e5e7eb}}
.fs-sm{font-size:13px}.fs-md{font-size:14px}.fs-lg{font-size:16px}
.head{display:flex;align-items:center;gap:8px;padding:0 8px 0 16px;padding-top:env(safe-area-inset-top);background:var(--accent);color:var(--on-accent);min-height:56px}
.head:focus-visible,.head :focus-visible{outline-color:currentColor}
.hs-sm{font-size:14px}.hs-md{font-size:16px}.hs-lg{font-size:18px;min-height:68px}
.head h1{flex:1;min-width:0;margin:0;font-size:inherit;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.avatar{width:32px;height:32px;border-radius:50%;object-fit:cover;background:rgba(255,255,255,.2)}
.head-actions{display:flex}
.head-btn{background:none;border:0;border-radius:8px;padding:0 10px;min-height:44px;font-size:13px;font-weight:500}
.head-btn:hover,.head .icon-btn:hover{background:rgba(255,255,255,.2)}
.icon-btn{display:inline-flex;align-items:center;justify-content:center;background:none;border:0;border-radius:8px;min-width:44px;min-height:44px;padding:0}
.bar{margin:0;padding:6px 16px;font-size:12px}
.warn{background:#fffbeb;color:#78350f}
.info{background:#eef2ff;color:#312e81}
.log{flex:1;overflow-y:auto;padding:16px;overscroll-behavior:contain}
.msgs{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
.msgs>li{display:flex;flex-direction:column;align-items:flex-start;gap:4px}
.msgs>li.from-user{align-items:flex-end}
.bubble{margin:0;max-width:85%;padding:8px 14px;border-radius:16px;white-space:pre-wrap;overflow-wrap:anywhere}
.bubble.bot{background:#f3f4f6;border-bottom-left-radius:4px}
.bubble.agent{background:#fff;border:1px solid #d1d5db;border-bottom-left-radius:4px}
.bubble.user{background:var(--accent);color:var(--on-accent);border-bottom-right-radius:4px}
.who{font-size:12px;font-weight:500;color:#374151}
.notice{margin:0;padding:8px 14px;border:1px solid #fde68a;border-radius:8px;background:#fffbeb;color:#78350f}
.failed{margin:0;font-size:12px;color:#b91c1c}
.link{color:inherit;text-decoration:underline;text-underline-offset:2px;overflow-wrap:anywhere}
.sources{max-width:85%;font-size:12px;color:#374151}
.sources p{margin:0;font-weight:600}
.sources ul{margin:2px 0 0;padding:0;list-style:none}
.sources li{padding:2px 0}
.thumbs{display:flex;gap:2px}
.thumb{min-width:32px;min-height:32px;color:#4b5563}
.thumb:hover{background:#f3f4f6;color:#111827}
.thumb[aria-pressed=true]{background:#e5e7eb;color:#111827}
.thumb.down svg{transform:rotate(180deg)}
.typing{display:inline-flex;gap:4px;padding:4px 0}
.typing i{width:6px;height:6px;border-radius:50%;background:#6b7280;animation:b 1s infinite}
.typing i:nth-child(2){animation-delay:.12s}.typing i:nth-child(3){animation-delay:.24s}
@keyframes b{0%,100%{transform:none}50%{transform:translateY(-4px)}}
@media (prefers-reduced-motion:reduce){.typing i{animation:none}}
.chips{list-style:none;display:flex;flex-wrap:wrap;gap:8px;margin:0;padding:0 16px 8px}
.chip{display:inline-flex;align-items:center;min-height:32px;padding:4px 12px;border:1px solid #d1d5db;border-radius:999px;background:#fff;font-size:12px;color:#1f2937;text-decoration:none}
.chip:hover{background:#f9fafb}
.error{margin:0;padding:0 16px 4px;font-size:12px;color:#b91c1c}
.field .error{padding:2px 0 0}
.text-btn{background:none;border:0;padding:0;min-height:24px;text-decoration:underline;text-underline-offset:2px;color:#374151;font-size:12px}
.text-btn:hover{color:#111827}
.lead{display:flex;flex-direction:column;gap:8px;border-top:1px solid #e5e7eb;background:#f9fafb;padding:8px 12px}
.lead label{display:block;font-size:12px;font-weight:500;color:#374151}
.lead input{display:block;width:100%;margin-top:2px;padding:6px 10px;border:1px solid #9ca3af;border-radius:8px;background:#fff;color:#111827;font:inherit;font-size:16px}
.rating{display:flex;flex-direction:column;gap:6px;border-top:1px solid #e5e7eb;background:#f9fafb;padding:8px 12px;font-size:12px;color:#374151}
.rating fieldset{border:0;margin:0;padding:0}
.rating legend{padding:0 0 4px;font-weight:500}
.rate-choices{display:flex;gap:6px}
.rate-choice{min-width:40px;min-height:40px;border:1px solid #9ca3af;border-radius:8px;background:#fff;color:#111827;font-weight:500}
.rate-choice[aria-pressed=true]{background:#111827;color:#fff;border-color:#111827}
.rating textarea{resize:none;border:1px solid #9ca3af;border-radius:8px;padding:6px 10px;font:inherit;font-size:16px;color:#111827}
.rate-send{align-self:flex-start}
.row{display:flex;gap:8px;align-items:center}
.primary{border:0;border-radius:8px;background:#111827;color:#fff;padding:0 14px;min-height:44px;font-weight:500}
.composer{display:flex;align-items:flex-end;gap:8px;border-top:1px solid #e5e7eb;padding:12px}
.composer textarea{flex:1;min-height:44px;max-height:8rem;resize:none;border:1px solid #9ca3af;border-radius:12px;padding:10px 12px;font:inherit;font-size:16px;color:#111827}
.composer textarea::placeholder{color:#6b7280;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.send{display:flex;align-items:center;justify-content:center;flex:none;width:44px;height:44px;border:0;border-radius:50%;background:var(--accent);color:var(--on-accent)}
.foot{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:0 16px 8px;padding-bottom:max(8px,env(safe-area-inset-bottom));font-size:11px;color:#4b5563}
.foot-actions{display:flex;gap:12px}
.dead-end{flex:1;padding:32px 24px;text-align:center;color:#374151}
.dead-end.inline{flex:none;padding:16px;border-top:1px solid #e5e7eb}
.dead-end h2{margin:0 0 8px;font-size:1.15em;color:#111827}
.dead-end p{margin:0}
.dead-end:focus{outline:none}
@media (pointer:coarse),(max-width:639px){
 .thumb,.text-btn,.chip{min-width:44px;min-height:44px}
 .foot .text-btn{font-size:13px}
}
`;
