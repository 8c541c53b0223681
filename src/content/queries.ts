/** Every GROQ query the site runs; the seed dataset and Sanity answer the same ones. */
export const siteSettingsQuery = /* groq */ `*[_type == "siteSettings" && _id == "siteSettings"][0]{
  serviceName, companyName, postalCode, companyAddress, phone, email, officeHours, supportReplyTime,
  blogUrl, faqUrl, newsUrl,
  "footerLinks": coalesce(footerLinks[]{ label, "slug": page->slug.current }, [])
}`;

export const landingPageQuery = /* groq */ `*[_type == "landingPage" && _id == $id][0]{
  title, seo, "sections": coalesce(sections, [])
}`;

export const legalPagesQuery = /* groq */ `*[_type == "legalPage" && defined(slug.current)] | order(slug.current asc){
  title, "slug": slug.current, updatedAt, "body": coalesce(body, [])
}`;
