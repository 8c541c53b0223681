import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ja, labels, messages } from './ja.ts';

/** Texts the specification gives in Japanese: used verbatim. */
const verbatim: [key: keyof typeof messages, text: string, where: string][] = [
  ['invalidCredentials', 'Emailかパスワードが間違っています', 'public §8'],
  ['emailTaken', 'このEmailアドレスはもうすでに使われています', 'public §8'],
  ['signupError', 'エラーのためSign Upできませんでした', 'public §8'],
  ['sendMailFailed', 'メール発送に失敗しました。', 'public §8'],
  ['changePasswordFailed', 'パスワード変更できませんでした', 'public §8, member §8'],
  ['cardRegistrationError', 'カード情報の登録に失敗しました', 'public §8, member §8'],
  ['changePasswordSucceeded', 'パスワードを変更しました', 'member §8'],
  ['switchPlanSucceeded', 'プランが変更されました。', 'member §4'],
  ['switchPlanFailed', 'プラン変更に失敗しました。', 'member §4'],
  ['accountCreated', 'アカウントの作成が完了しました', 'member §8'],
  ['thisFieldIsRequired', '必須の項目です。', 'public §5'],
  ['passwordMinLength', '最低８文字必須', 'public §5'],
  ['invalidSupportEmail', '正しいメールアドレスを入力してください', 'member §5'],
];

/** Keys the specification names without giving their text. */
const namedBySpec: (keyof typeof messages)[] = [
  'login',
  'logout',
  'resetLinkSent',
  'cancellationSucceeded',
  'cancellationFailed',
  'alreadyCancelled',
  'invalidPassword',
  'thisEmailFieldIsRequired',
  'invalidEmail',
  'invalidPostalCode',
  'invalidPhoneNumber',
  'invalidRomanizedName',
  'confirmEmailMismatch',
  'selectDataToEdit',
];

/**
 * Keys whose feature is not built yet, with the issue that uses them. A key may stay here only
 * while nothing uses it: once its feature lands, the test below asks for it to be taken off.
 */
const reservedForLaterFeatures: Record<string, string> = {
  confirmEmailMismatch: 'admin account creation',
};

const root = path.resolve(import.meta.dirname, '../..');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
      return /\.(ts|tsx|astro|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
    }),
  );
  return files.flat();
}

const sources = await Promise.all(
  [...(await sourceFiles(path.join(root, 'src'))), ...(await sourceFiles(path.join(root, 'api')))]
    .filter((file) => !file.endsWith(path.join('i18n', 'ja.ts')) && !file.includes(path.join('i18n', 'ja', '')))
    .map((file) => readFile(file, 'utf8')),
);
const code = sources.join('\n');
/** A key is used if it appears quoted, or its group is looked up with a template (t(`plan.book.${book}`)). */
const isUsed = (key: string) => {
  const group = key.slice(0, key.lastIndexOf('.') + 1);
  return code.includes(`'${key}'`) || code.includes(`"${key}"`) || (group !== '' && code.includes('`' + group + '${'));
};

describe('the message catalogue', () => {
  it.each(verbatim)('%s is the specification text verbatim (%s)', (key, text) => {
    expect(ja[key]).toBe(text);
  });

  it.each(namedBySpec)('%s, named by the specification, has a Japanese text', (key) => {
    expect(ja[key]).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('has no key that nothing uses', () => {
    const unused = Object.keys(ja).filter((key) => !isUsed(key) && !(key in reservedForLaterFeatures));
    expect(unused).toEqual([]);
  });

  it('reserves only keys that are still unused (take a key off the list when its feature lands)', () => {
    const nowUsed = Object.keys(reservedForLaterFeatures).filter(isUsed);
    expect(nowUsed).toEqual([]);
    for (const key of Object.keys(reservedForLaterFeatures)) expect(ja).toHaveProperty(key);
  });

  it('keeps labels and messages apart, and every text is Japanese or a proper name', () => {
    expect(Object.keys(messages).filter((key) => key in labels)).toEqual([]);
    // Names of products and textbooks, and signs, stay as they are printed.
    const properNames = new Set([
      'common.none',
      'member.email',
      'plan.category.esatj',
      'plan.book.newCrown',
      'plan.book.connect',
      'plan.content.adultPackageContentEdgeHawaii',
      'plan.content.adultPackageContentEdgeBusiness',
      'plan.content.familyPackageContentEdgeHawaii',
      'plan.content.familyPackageContentEdgeBusiness',
      'plan.content.familyPackageContentEdgeNhk',
      'plantable.notSold',
      'carousel.slide',
      'timeline.esatj',
      // The spec gives this page's heading in English.
      'error.heading',
      'admin.announcements.column.id',
      // Signs of a mail's frame: the subject's 【】, the sender's 〒, TEL and Email, the list comma;
      // and a document's issuer's 〒.
      'mail.subject',
      'mail.sender.address',
      'document.address',
      'mail.sender.phone',
      'mail.sender.email',
      'supportMail.fileSeparator',
    ]);
    for (const [key, text] of Object.entries(ja)) {
      expect({ key, ok: /[\u3040-\u30ff\u4e00-\u9fff]/.test(text) || properNames.has(key) }).toEqual({ key, ok: true });
    }
  });
});
