/**
 * The Stripe stand-in's hosted pages: Checkout (`/c/pay/{id}`: what is bought, a test card, "Pay") and a
 * hosted invoice (`/i/{id}`: the amount, its status, "Pay" while open). Plain HTML forms, so a person in a
 * browser (Playwright) completes the payment the way a customer does on Stripe's pages.
 */
import type { Account, StripeObject } from "./stripe-stand-in-store";

const escape = (value: unknown) => String(value ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
button{font-size:1rem;padding:.6rem 1.4rem;background:#635bff;color:#fff;border:0;border-radius:6px;cursor:pointer}
button:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}label{display:block;margin:.8rem 0 .3rem}
input{font-size:1rem;padding:.4rem;width:100%;box-sizing:border-box}li{margin:.3rem 0}.note{color:#555;font-size:.9rem}</style>
</head><body><main>${body}</main></body></html>`;

export function checkoutPage(account: Account, session: StripeObject): string {
  const items = (session.line_items_internal as Array<{ price: StripeObject; quantity?: number }>) ?? [];
  const lines = items
    .map(({ price, quantity }) => {
      const recurring = price.recurring as { interval: string; usage_type: string } | null;
      const name = account.products.get(String(price.product))?.name ?? price.nickname ?? "Item";
      const what = recurring?.usage_type === "metered" ? `${money(Number(price.unit_amount), String(price.currency))} per ${(price.transform_quantity as { divide_by: number } | null)?.divide_by ?? 1} units, billed by usage` : `${money(Number(price.unit_amount) * (quantity ?? 1), String(price.currency))}${recurring ? ` per ${recurring.interval}` : ""}`;
      return `<li>${escape(name)}: ${escape(what)}</li>`;
    })
    .join("");
  const email = account.customers.get(String(session.customer))?.email ?? session.customer_email ?? "";
  if (session.status !== "open") return layout("Checkout", `<h1>This Checkout Session is ${escape(session.status)}</h1>`);
  return layout(
    `Pay ${account.name}`,
    `<h1>Pay ${escape(account.name)}</h1>
<p>Total due today: <strong>${escape(money(Number(session.amount_total), String(session.currency)))}</strong></p>
<ul>${lines}</ul>
<form method="post">
<label for="email">Email</label><input id="email" name="email" type="email" value="${escape(email)}" readonly>
<label for="card">Card number (test mode)</label><input id="card" name="card" value="4242 4242 4242 4242" inputmode="numeric">
<p><button type="submit">Pay</button></p>
</form><p class="note">Stripe stand-in: test mode, no money moves.</p>`,
  );
}

export function invoicePage(account: Account, invoice: StripeObject): string {
  const amount = money(Number(invoice.amount_due), String(invoice.currency));
  const pay = invoice.status === "open" ? `<form method="post"><p><button type="submit">Pay ${escape(amount)}</button></p></form>` : "";
  return layout(
    `Invoice ${String(invoice.number)}`,
    `<h1>Invoice ${escape(invoice.number)} from ${escape(account.name)}</h1>
<p>Amount: <strong>${escape(amount)}</strong></p><p>Status: <strong>${escape(invoice.status)}</strong></p>${pay}`,
  );
}
