/** The product's name (the places the site links to are content: content/site/shared.yaml). */
export const SITE_NAME = 'Watchio'
