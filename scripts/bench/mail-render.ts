/**
 * `npm run bench:mail-render`: what the hand-written mail template cache (api/features/mail/templates/
 * compiled.ts) saves, with React's production build (NODE_ENV=production, as a deployed server runs).
 * Renders the same mails both ways — the cache (renderMailHtml) and React itself
 * (renderToStaticMarkup(MailLayout(…))) — in alternating rounds, checks both give the same bytes,
 * and reports the median time a mail with its spread, and what that is for the billing round's
 * 10,000 receipts and the mass mail's 20,000 mails. BENCH_ROUNDS (default 7), BENCH_MAILS (per
 * round and side, default 2,000).
 */
process.env.NODE_ENV = process.env.NODE_ENV ?? 'production';
const { renderToStaticMarkup } = await import('react-dom/server');
const { createContentLoader } = await import('../../src/content/loader.ts');
const { siteSettingsQuery } = await import('../../src/content/queries.ts');
const { renderMailHtml } = await import('../../api/features/mail/templates/compiled.ts');
const { MailLayout } = await import('../../api/features/mail/templates/mail-layout.ts');
type MailProps = Parameters<typeof renderMailHtml>[0];
type SiteSettings = MailProps['settings'];

const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const perRound = Number(process.env.BENCH_MAILS ?? 2000);
const settings = await createContentLoader().fetch<SiteSettings | null>(siteSettingsQuery);
if (!settings) throw new Error('siteSettings missing from the content source');
const signature = [settings.companyName, `〒${settings.postalCode} ${settings.companyAddress}`];

/** A payment-received mail (the billing clock's most frequent), each with its own name and amount. */
const mailOf = (index: number): MailProps => ({
  settings,
  signature,
  subject: '【Musio】お支払いを受け付けました',
  greeting: `山田${index} 花子 様`,
  blocks: [
    { kind: 'p', text: `${(4620 + index).toLocaleString('ja-JP')}円をお支払いいただきました。\n次回のお支払日は2027年1月8日です。` },
    { kind: 'link', label: '領収書を見る', url: `https://musio.example.jp/receipts/${index}` },
  ],
});
const viaReact = (props: MailProps) => `<!doctype html>${renderToStaticMarkup(MailLayout(props))}`;

for (let index = 0; index < 20; index += 1) {
  if (renderMailHtml(mailOf(index)) !== viaReact(mailOf(index))) throw new Error('the cache and React render different bytes');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sides = { cache: [] as number[], react: [] as number[] };
const run = (side: keyof typeof sides, offset: number) => {
  const started = performance.now();
  for (let index = 0; index < perRound; index += 1) (side === 'cache' ? renderMailHtml : viaReact)(mailOf(offset + index));
  sides[side].push((performance.now() - started) / perRound);
};
run('cache', 0);
run('react', 0);
sides.cache.length = 0;
sides.react.length = 0;
for (let round = 0; round < rounds; round += 1) {
  const order = round % 2 === 0 ? (['cache', 'react'] as const) : (['react', 'cache'] as const);
  for (const side of order) run(side, round * perRound);
}

const row = (side: keyof typeof sides) => {
  const ms = median(sides[side]);
  return {
    side: side === 'cache' ? 'template cache (compiled.ts)' : 'React renderToStaticMarkup',
    'ms a mail (median)': Number(ms.toFixed(3)),
    spread: `${Math.min(...sides[side]).toFixed(3)} to ${Math.max(...sides[side]).toFixed(3)}`,
    '10,000 mails (s)': Number(((ms * 10_000) / 1000).toFixed(2)),
    '20,000 mails (s)': Number(((ms * 20_000) / 1000).toFixed(2)),
  };
};
console.log(`NODE_ENV=${process.env.NODE_ENV}; ${rounds} rounds of ${perRound} mails a side, alternating`);
console.table([row('cache'), row('react')]);
