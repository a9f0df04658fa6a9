// The hosted pages a browser test walks through: Checkout (its Pay button
// completes the session and delivers the events), the billing portal, and
// invoices with their PDF.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StripeEvents } from './events.js';
import type { StripeState } from './objects.js';
import { readBody } from './wire.js';

function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:32rem;margin:2rem auto}label{display:block;margin:.5rem 0}input{width:100%}</style></head>
<body>${body}</body></html>`;
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(html);
}

export function createPages(state: StripeState, { completeCheckout }: Pick<StripeEvents, 'completeCheckout'>) {
  const { checkoutSessions, portalSessions, prices, products, invoices } = state;

  const handlePage = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const method = req.method ?? 'GET';
    const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
    if (checkout) {
      const session = checkoutSessions.get(decodeURIComponent(checkout[1] ?? ''));
      if (!session) return sendHtml(res, 404, page('Not found', '<h1>This checkout session does not exist</h1>'));
      if (method === 'POST' && checkout[2]) {
        await readBody(req);
        await completeCheckout(session.id);
        res.writeHead(303, { Location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id) });
        res.end();
        return;
      }
      if (method !== 'GET' || checkout[2]) return sendHtml(res, 405, page('Method not allowed', '<h1>Method not allowed</h1>'));
      const price = prices.get(session.__lineItems[0]?.price);
      const product = price ? products.get(price.product) : undefined;
      const amount = `${((price?.unit_amount ?? 0) / 100).toFixed(2)} ${String(price?.currency ?? 'usd').toUpperCase()} / ${price?.recurring?.interval ?? 'month'}`;
      const done = session.status === 'complete';
      return sendHtml(
        res,
        200,
        page(
          'Test checkout',
          `<h1>Test checkout</h1>
<p data-testid="checkout-product">${escapeHtml(product?.name ?? 'Subscription')}</p>
<p data-testid="checkout-amount">${escapeHtml(amount)}</p>
${done ? '<p>This session is already paid.</p>' : ''}
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay">
<label>Card number <input name="cardNumber" value="4242 4242 4242 4242" autocomplete="cc-number"></label>
<label>Expiry <input name="cardExpiry" value="12 / 34" autocomplete="cc-exp"></label>
<label>CVC <input name="cardCvc" value="123" autocomplete="cc-csc"></label>
<label>Name on card <input name="cardName" value="Test Buyer" autocomplete="cc-name"></label>
<button type="submit">Pay</button>
</form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ''}`,
        ),
      );
    }
    const portal = /^\/portal\/([^/]+)$/.exec(url.pathname);
    if (portal && method === 'GET') {
      const session = portalSessions.get(decodeURIComponent(portal[1] ?? ''));
      if (!session) return sendHtml(res, 404, page('Not found', '<h1>This portal session does not exist</h1>'));
      return sendHtml(res, 200, page('Test billing portal', `<h1>Test billing portal</h1><p>Customer ${escapeHtml(session.customer)}</p>${session.return_url ? `<a href="${escapeHtml(session.return_url)}">Return to Agentflow</a>` : ''}`));
    }
    const invoicePage = /^\/invoices\/([^/]+)(\/pdf)?$/.exec(url.pathname);
    if (invoicePage && method === 'GET') {
      const invoice = invoices.get(decodeURIComponent(invoicePage[1] ?? ''));
      if (!invoice) return sendHtml(res, 404, page('Not found', '<h1>This invoice does not exist</h1>'));
      const summary = `Invoice ${invoice.number}: ${(invoice.total / 100).toFixed(2)} ${String(invoice.currency).toUpperCase()}, ${invoice.status}`;
      if (invoicePage[2]) {
        res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${invoice.number}.pdf"` });
        res.end(`%PDF-1.4\n% ${summary}\n%%EOF\n`);
        return;
      }
      return sendHtml(res, 200, page(`Invoice ${invoice.number}`, `<h1>Invoice ${escapeHtml(invoice.number)}</h1><p data-testid="invoice-summary">${escapeHtml(summary)}</p><a href="${escapeHtml(invoice.invoice_pdf)}">Download PDF</a>`));
    }
    sendHtml(res, 404, page('Not found', '<h1>Not found</h1>'));
  };

  return handlePage;
}
