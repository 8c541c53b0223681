import {CogIcon} from '@sanity/icons/Cog'
import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {HomeIcon} from '@sanity/icons/Home'
import type {StructureResolver} from 'sanity/structure'

/** Document types that exist exactly once, under a fixed _id equal to the type name. */
export const SINGLETON_TYPES = new Set<string>(['siteSettings'])

/** Document actions allowed on singletons (no duplicate / delete / unpublish). */
export const SINGLETON_ACTIONS = new Set<string>(['publish', 'discardChanges', 'restore'])

export const structure: StructureResolver = (S) =>
  S.list()
    .title('コンテンツ')
    .items([
      S.listItem()
        .title('サイト設定')
        .id('siteSettings')
        .icon(CogIcon)
        .child(S.document().schemaType('siteSettings').documentId('siteSettings').title('サイト設定')),
      S.divider(),
      S.documentTypeListItem('landingPage').title('ランディングページ').icon(HomeIcon),
      S.documentTypeListItem('legalPage').title('規約・法定表記').icon(DocumentTextIcon),
    ])
