import {BasketIcon} from '@sanity/icons/Basket'
import {BellIcon} from '@sanity/icons/Bell'
import {CalendarIcon} from '@sanity/icons/Calendar'
import {CogIcon} from '@sanity/icons/Cog'
import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {ErrorScreenIcon} from '@sanity/icons/ErrorScreen'
import {HelpCircleIcon} from '@sanity/icons/HelpCircle'
import {HomeIcon} from '@sanity/icons/Home'
import {TagsIcon} from '@sanity/icons/Tags'
import {ThLargeIcon} from '@sanity/icons/ThLarge'
import type {StructureResolver} from 'sanity/structure'

import {LANDING_PAGE_PATHS} from '../lib/validation'

/** Document types that exist exactly once, under a fixed _id equal to the type name. */
export const SINGLETON_TYPES = new Set<string>(['siteSettings', 'planTablePage', 'campaignPage', 'faqPage', 'errorPage'])

/** Document actions allowed on singletons (no duplicate / delete / unpublish). */
export const SINGLETON_ACTIONS = new Set<string>(['publish', 'discardChanges', 'restore'])

const LANDING_TITLES: Record<string, string> = {
  'landing-home': 'トップページ（/）',
  'landing-kids': 'キッズ（/kids）',
  'landing-adult': 'おとな（/adult）',
  'landing-musio-esatj': 'Musio ESAT-J（/musio_esatj）',
}

export const structure: StructureResolver = (S) => {
  const singleton = (type: string, title: string, icon: typeof CogIcon) =>
    S.listItem().title(title).id(type).icon(icon).child(S.document().schemaType(type).documentId(type).title(title))

  return S.list()
    .title('コンテンツ')
    .items([
      singleton('siteSettings', 'サイト設定', CogIcon),
      S.divider(),
      S.listItem()
        .title('ランディングページ')
        .id('landingPages')
        .icon(HomeIcon)
        .child(
          S.list()
            .title('ランディングページ')
            .items(
              Object.keys(LANDING_PAGE_PATHS).map((id) =>
                S.listItem()
                  .title(LANDING_TITLES[id] ?? id)
                  .id(id)
                  .icon(HomeIcon)
                  .child(S.document().schemaType('landingPage').documentId(id).title(LANDING_TITLES[id] ?? id)),
              ),
            ),
        ),
      S.documentTypeListItem('planPage').title('プランページ').icon(TagsIcon),
      singleton('planTablePage', '料金プラン一覧', ThLargeIcon),
      S.documentTypeListItem('timelinePage').title('ご利用の流れ').icon(CalendarIcon),
      singleton('campaignPage', 'キャンペーン', BasketIcon),
      singleton('faqPage', 'よくある質問', HelpCircleIcon),
      S.documentTypeListItem('newsPost').title('お知らせ').icon(BellIcon),
      singleton('errorPage', 'エラーページ', ErrorScreenIcon),
      S.divider(),
      S.documentTypeListItem('legalPage').title('規約・法定表記').icon(DocumentTextIcon),
    ])
}
