import campaignPage from './documents/campaign-page'
import errorPage from './documents/error-page'
import faqPage from './documents/faq-page'
import landingPage from './documents/landing-page'
import legalPage from './documents/legal-page'
import newsPost from './documents/news-post'
import planPage from './documents/plan-page'
import planTablePage from './documents/plan-table-page'
import siteSettings from './documents/site-settings'
import timelinePage from './documents/timeline-page'
import adultCourse from './objects/adult-course'
import adultPlansBlock from './objects/adult-plans-block'
import bannerCarousel from './objects/banner-carousel'
import bannerSlide from './objects/banner-slide'
import basicPlanBlock from './objects/basic-plan-block'
import callToAction from './objects/call-to-action'
import campaignProduct from './objects/campaign-product'
import esatjFeaturesBlock from './objects/esatj-features-block'
import eventBanner from './objects/event-banner'
import familyPlanBlock from './objects/family-plan-block'
import faqGroup from './objects/faq-group'
import faqItem from './objects/faq-item'
import faqSection from './objects/faq-section'
import featurePoint from './objects/feature-point'
import featurePoints from './objects/feature-points'
import footerLink from './objects/footer-link'
import functionItem from './objects/function-item'
import functionList from './objects/function-list'
import kidsPlanBlock from './objects/kids-plan-block'
import lessonContents from './objects/lesson-contents'
import lessonItem from './objects/lesson-item'
import mediaCoverage from './objects/media-coverage'
import mediaItem from './objects/media-item'
import optionalTextbookBlock from './objects/optional-textbook-block'
import parentVoice from './objects/parent-voice'
import parentVoices from './objects/parent-voices'
import priceOverview from './objects/price-overview'
import richText from './objects/rich-text'
import seo from './objects/seo'
import supportCategory from './objects/support-category'
import textbookItem from './objects/textbook-item'
import timelineStep from './objects/timeline-step'

// Type names and field names are a contract with the site's GROQ queries:
// see docs/content-model.md before renaming anything.
export const schemaTypes = [
  // Documents
  siteSettings,
  landingPage,
  planPage,
  planTablePage,
  campaignPage,
  timelinePage,
  faqPage,
  newsPost,
  errorPage,
  legalPage,
  // Shared objects
  seo,
  footerLink,
  supportCategory,
  callToAction,
  richText,
  // Landing page sections and their items
  bannerCarousel,
  bannerSlide,
  featurePoints,
  featurePoint,
  lessonContents,
  lessonItem,
  parentVoices,
  parentVoice,
  priceOverview,
  functionList,
  functionItem,
  mediaCoverage,
  mediaItem,
  faqSection,
  faqItem,
  // Marketing blocks (landing and plan pages) and their items
  basicPlanBlock,
  kidsPlanBlock,
  familyPlanBlock,
  adultPlansBlock,
  adultCourse,
  esatjFeaturesBlock,
  eventBanner,
  optionalTextbookBlock,
  textbookItem,
  // Page-specific objects
  timelineStep,
  faqGroup,
  campaignProduct,
]
