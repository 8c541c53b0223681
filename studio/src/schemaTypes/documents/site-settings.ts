import {CogIcon} from '@sanity/icons/Cog'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {PHONE_PATTERN, POSTAL_CODE_PATTERN, REGISTRATION_NUMBER_PATTERN, pathOrUrl} from '../../lib/validation'

/**
 * Singleton: the only document of this type has `_id: "siteSettings"` (see src/structure).
 */
export default defineType({
  name: 'siteSettings',
  title: 'サイト設定',
  type: 'document',
  icon: CogIcon,
  groups: [
    {name: 'company', title: '会社情報', default: true},
    {name: 'support', title: 'サポート'},
    {name: 'links', title: 'リンク'},
    {name: 'seo', title: 'SEO（既定値）'},
  ],
  fields: [
    defineField({
      name: 'serviceName',
      title: 'サービス名',
      type: 'string',
      group: 'company',
      description: '例: Musio English',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'companyName',
      title: '運営会社名',
      type: 'string',
      group: 'company',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'postalCode',
      title: '郵便番号',
      type: 'string',
      group: 'company',
      description: '〒マークを付けずに「150-0002」の形式で入力します。',
      validation: (rule) => [
        rule.required(),
        rule
          .regex(POSTAL_CODE_PATTERN, {name: '郵便番号（123-4567）'})
          .error('郵便番号は「123-4567」の形式で入力してください。'),
      ],
    }),
    defineField({
      name: 'companyAddress',
      title: '所在地',
      type: 'string',
      group: 'company',
      description: '都道府県から建物名までを1行で入力します（郵便番号は含めません）。',
      validation: (rule) => rule.required().max(120),
    }),
    defineField({
      name: 'registrationNumber',
      title: '適格請求書発行事業者登録番号',
      type: 'string',
      group: 'company',
      description:
        '領収書・返金明細書に印字します（例: T1234567890123）。「T」に続けて13桁の数字を入力します。',
      validation: (rule) => [
        rule.required(),
        rule
          .regex(REGISTRATION_NUMBER_PATTERN, {name: '登録番号（T + 13桁）'})
          .error('登録番号は「T」に続けて13桁の数字で入力してください（例: T1234567890123）。'),
      ],
    }),
    defineField({
      name: 'phone',
      title: '電話番号',
      type: 'string',
      group: 'company',
      description: '例: 03-1234-5678',
      validation: (rule) => [
        rule.required(),
        rule
          .regex(PHONE_PATTERN, {name: '電話番号（03-1234-5678）'})
          .error('電話番号はハイフン区切りで入力してください（例: 03-1234-5678）。'),
      ],
    }),
    defineField({
      name: 'email',
      title: 'サポート用メールアドレス',
      type: 'string',
      group: 'support',
      validation: (rule) => rule.required().email(),
    }),
    defineField({
      name: 'officeHours',
      title: '受付時間',
      type: 'string',
      group: 'support',
      description: '例: 平日 11:00〜19:00（土日祝日を除く）',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'supportReplyTime',
      title: '返信までの目安',
      type: 'string',
      group: 'support',
      description: '例: 2〜3営業日以内',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'supportCategories',
      title: 'お問い合わせフォームの種類と件名',
      type: 'array',
      group: 'support',
      description:
        'お問い合わせフォーム（/support）で選ぶ「種類」と、種類ごとの「件名」の選択肢です。変更はサイトの再公開後にフォームへ反映されます。',
      of: [defineArrayMember({type: 'supportCategory'})],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .custom((categories) => {
            const names = (categories ?? []).map((category) => (category as {name?: string}).name?.trim())
            return new Set(names).size === names.length ? true : '同じ名前の種類が重複しています。'
          }),
    }),
    defineField({
      name: 'blogUrl',
      title: 'ブログのURL',
      type: 'url',
      group: 'links',
      description: '新しいタブで開きます。',
      validation: (rule) => rule.required().uri({scheme: ['https', 'http']}),
    }),
    defineField({
      name: 'faqUrl',
      title: 'よくある質問のリンク先',
      type: 'string',
      group: 'links',
      description: 'サイト内パス（例: /faq）またはURL。新しいタブで開きます。',
      validation: (rule) => [rule.required(), rule.custom(pathOrUrl)],
    }),
    defineField({
      name: 'newsUrl',
      title: 'お知らせのリンク先',
      type: 'string',
      group: 'links',
      description: 'サイト内パス（例: /news）またはURL。新しいタブで開きます。',
      validation: (rule) => [rule.required(), rule.custom(pathOrUrl)],
    }),
    defineField({
      name: 'cancellationSurveyUrl',
      title: '解約アンケートのURL',
      type: 'url',
      group: 'links',
      description:
        '解約後の「ご利用ありがとうございました」ページ（/feedback）に埋め込むアンケートフォームのURLです（https）。空欄ならアンケートは表示しません。変更はサイトの再公開後に反映されます。',
      validation: (rule) => rule.uri({scheme: ['https']}),
    }),
    defineField({
      name: 'footerLinks',
      title: 'フッターリンク',
      type: 'array',
      group: 'links',
      description: '利用規約、特定商取引法に基づく表記、プライバシーポリシーの順に並べます。',
      of: [defineArrayMember({type: 'footerLink'})],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .custom((links) => {
            const refs = (links ?? [])
              .map((link) => (link as {page?: {_ref?: string}}).page?._ref)
              .filter((ref): ref is string => Boolean(ref))
            return new Set(refs).size === refs.length
              ? true
              : '同じページへのリンクが重複しています。'
          }),
    }),
    defineField({
      name: 'defaultSeo',
      title: 'SEOの既定値',
      type: 'seo',
      group: 'seo',
      description: 'ページにSEOの設定がない場合（シェア画像など）に使われます。',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: {title: 'serviceName', subtitle: 'companyName'},
    prepare: ({title, subtitle}) => ({title: title || 'サイト設定', subtitle}),
  },
})
