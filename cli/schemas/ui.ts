import * as z from 'zod';

/**
 * What each text of the translation table is and where the site shows it, with the English text
 * as an example: editors show both on hover (cli/lib/json-schemas.ts). `{name}` placeholders are
 * named in the description, since a translation must keep them.
 */
const UI_TEXTS = {
  'language.name': ['The language’s own name, in the language switcher.', 'English'],
  'language.switch': ['The language switcher’s name, read by screen readers.', 'Language'],
  'nav.skip': ['The “skip to content” link, the first thing a keyboard user reaches on every page.', 'Skip to content'],
  'nav.main': ['The main menu’s name, read by screen readers.', 'Main navigation'],
  'nav.home': ['The menu’s link to the home page.', 'Home'],
  'nav.products': ['The menu’s and the footer’s link to the products section.', 'Products'],
  'nav.optical': ['The menu’s link to the optical services.', 'Optical'],
  'nav.audiology': ['The menu’s link to the audiology services.', 'Audiology'],
  'nav.about': ['The menu’s link to the about page.', 'About us'],
  'nav.contact': ['The menu’s and the footer’s link to the contact section.', 'Contact'],
  'nav.menu': ['The button that opens the menu on small screens, read by screen readers.', 'Open menu'],
  'nav.close': ['The button that closes the menu on small screens, read by screen readers.', 'Close menu'],
  'nav.call': [
    'The header’s call button, read by screen readers; {phone} is the shop’s phone number.',
    'Call us on {phone}',
  ],
  'hero.title': ['The home page’s main heading, in the hero at the top.', 'Your eyes and ears, in good hands'],
  'hero.subtitle': [
    'The sentence under the home page’s main heading.',
    'Optical and audiology care in the heart of Poblenou, with time to explain every step.',
  ],
  'hero.shopNow': ['The hero’s link that leads to the products section.', 'Explore our products'],
  'hero.visitFacts': [
    'How long a first visit of the hero takes and what it costs; {minutes} and {price} come from the settings.',
    '{minutes} minutes · {price}',
  ],
  'trust.label': ['The name of the strip of figures under the hero, read by screen readers.', 'The centre in figures'],
  'trust.years': [
    'The caption under the number of years since the shop opened, in the trust strip.',
    'years in Poblenou',
  ],
  'trust.professionals': [
    'The caption under the number of registered professionals, in the trust strip.',
    'professionals: registered opticians-optometrists and qualified hearing-aid technicians',
  ],
  'trust.brands': ['The caption under the number of brands, in the trust strip.', 'brands of glasses and hearing aids'],
  'trust.atLeast': [
    'A figure of the trust strip that is a lower bound, as the language writes it ({count}): “+30”, “30+”.',
    '{count}+',
  ],
  'trust.rating': [
    'The caption under the review score, in the trust strip; {count} is the number of reviews and {source} where they are.',
    'out of 5 from {count} reviews on {source}',
  ],
  'products.heading': ['The heading of the home page’s products section.', 'Products'],
  'products.intro': [
    'The sentence under the products section’s heading.',
    'Quality products and personal advice, with clear pricing from day one.',
  ],
  'products.from': ['A product card’s one-off price; {price} is the price in euros.', 'From {price}'],
  'products.perMonth': ['A product card’s monthly price; {price} is the price in euros.', '{price} a month'],
  'optical.heading': ['The heading of the home page’s optical services.', 'Optical services'],
  'optical.intro': [
    'The sentence under the optical services’ heading.',
    'We look after your eye health with thorough eye examinations and solutions tailored to you.',
  ],
  'audiology.heading': ['The heading of the home page’s audiology services.', 'Audiology services'],
  'audiology.intro': [
    'The sentence under the audiology services’ heading.',
    'We check your hearing and support you every step of the way, from your first test to follow-up care.',
  ],
  'audiology.centreLink': [
    'The link under the audiology services to the hearing centre’s page.',
    'Discover our hearing centre',
  ],
  'services.more': ['The heading of the home page’s shorter list of the other services of a column.', 'More services'],
  'services.all': ['The home page’s link to the page of every service.', 'All our services'],
  'reviews.heading': ['The heading of the home page’s reviews section.', 'What people say about us'],
  'reviews.rating': [
    'A review’s stars, read by screen readers; {rating} is its rating from 1 to 5.',
    'Rating: {rating} out of 5',
  ],
  'reviews.source': [
    'Where a review comes from, under it; {source} is the review service’s name.',
    'Review on {source}',
  ],
  'reviews.readAll': ['The link to every review on the review service.', 'Read all reviews'],
  'reviews.example': ['The label of a stand-in review written for the example.', 'Sample review'],
  'brands.heading': ['The heading of the home page’s brand carousel.', 'Our brands'],
  'brands.intro': [
    'The sentence under the brand carousel’s heading.',
    'Frames from independent, designer and classic brands, each one hand-picked.',
  ],
  'brands.previous': ['The carousel’s button to the previous brand, read by screen readers.', 'Previous brand'],
  'brands.next': ['The carousel’s button to the next brand, read by screen readers.', 'Next brand'],
  'brands.slide': [
    'A carousel slide’s position, read by screen readers; {n} is its number and {total} how many.',
    '{n} of {total}',
  ],
  'location.heading': ['The heading of the home page’s contact and location section.', 'Find us'],
  'location.intro': [
    'The sentence under the location section’s heading.',
    'Come and see us on Rambla del Poblenou, or send us a message at any time.',
  ],
  'location.address': ['The heading above the shop’s address in the location section.', 'Address'],
  'location.hours': ['The heading above the opening hours in the location section.', 'Opening hours'],
  'location.phone': ['The label of the phone number in the location section.', 'Phone'],
  'location.mobile': ['The label of the mobile number in the location section.', 'Mobile'],
  'location.email': ['The label of the e-mail address in the location section.', 'Email'],
  'location.chat': ['The location section’s link that opens a WhatsApp chat.', 'Message us on WhatsApp'],
  'location.directions': ['The location section’s link to directions on a map.', 'Get directions'],
  'location.mapTitle': [
    'The name of the embedded map or virtual tour, read by screen readers.',
    'Virtual tour of the shop',
  ],
  'location.mapLoad': ['The button that loads the embedded map.', 'Load the map'],
  'location.mapNotice': [
    'The notice under the map’s preview, before the link to the cookie policy. It shows without JavaScript too, where the map’s button does not: it names no button.',
    'The map comes from an outside provider, which receives your IP address when you view it and may set its own cookies.',
  ],
  'location.mapOpen': [
    'The link that opens the map on the map provider’s site instead.',
    'Open it at the map provider',
  ],
  'hours.mo': ['Monday, in the opening hours.', 'Monday'],
  'hours.tu': ['Tuesday, in the opening hours.', 'Tuesday'],
  'hours.we': ['Wednesday, in the opening hours.', 'Wednesday'],
  'hours.th': ['Thursday, in the opening hours.', 'Thursday'],
  'hours.fr': ['Friday, in the opening hours.', 'Friday'],
  'hours.sa': ['Saturday, in the opening hours.', 'Saturday'],
  'hours.su': ['Sunday, in the opening hours.', 'Sunday'],
  'hours.days': [
    'Several days in a row with the same opening hours; {from} and {to} are the first and last day names. Catalan and Spanish write the range in words with the day names in lower case (“De dilluns a dijous”); the table capitalises the first letter.',
    '{from}–{to}',
  ],
  'hours.openDays': [
    'Several days in a row the shop opens, inside a sentence ({{opening-days}} in a page’s text: “Obrim de dilluns a dissabte”); {from} and {to} are the first and last day names, as the opening hours write them.',
    '{from} to {to}',
  ],
  'hours.closed': ['What the opening hours say of a day the shop is closed.', 'Closed'],
  'hours.range': ['One stretch of opening hours; {opens} and {closes} are the times.', '{opens}–{closes}'],
  'appointment.book': ['Every “book an appointment” button, which opens the booking page.', 'Book an appointment'],
  'appointment.errorScheduling': [
    'The title of the message shown when the booking page could not be opened.',
    'Could not open the booking page',
  ],
  'appointment.tryAgainLater': [
    'The text of the message shown when the booking page could not be opened.',
    'Please try again later or call us.',
  ],
  'appointment.appointmentScheduled': [
    'The title of the message shown when the booking page opened in a new tab.',
    'Booking page opened',
  ],
  'appointment.calendarOpened': [
    'The text of the message shown when the booking page opened in a new tab.',
    'We opened the appointment calendar in a new tab.',
  ],
  'link.newTab': ['Added to links that open in a new tab, read by screen readers.', '(opens in a new tab)'],
  'newsletter.heading': ['The newsletter form’s heading, and the title of its messages.', 'Newsletter'],
  'newsletter.intro': [
    'The sentence under the newsletter form’s heading.',
    'Eye and hearing care tips plus news from the centre, once a month at most.',
  ],
  'newsletter.email': ['The label of the newsletter form’s e-mail field.', 'Email address'],
  'newsletter.submit': ['The newsletter form’s button.', 'Subscribe'],
  'newsletter.consent': [
    'The first layer of data-protection information under the newsletter form (LOPDGDD, art. 11): who is responsible, for what, on what basis, and where to exercise the rights; {controller} is the company’s legal name and {email} the data-protection address. A privacy policy is information: the visitor consents to the newsletter, never “accepts” a policy.',
    '{controller} will use your address to send you the newsletter, with your consent, which you can withdraw with the unsubscribe link in any issue. Exercise your rights of access, rectification, erasure and more by writing to {email}.',
  ],
  'newsletter.policyLink': [
    'The link to the privacy policy after the newsletter’s first layer of information.',
    'More in our privacy policy',
  ],
  'newsletter.busy': ['What the newsletter form’s button says while it sends.', 'Subscribing…'],
  'newsletter.success': [
    'The message shown once the address is subscribed.',
    "You're subscribed to our newsletter. Thank you!",
  ],
  'newsletter.error': [
    'The message shown when the subscription failed.',
    "We couldn't subscribe you. Please try again later.",
  ],
  'newsletter.invalid': [
    'The message shown when the e-mail address is not valid.',
    'Please enter a valid email address.',
  ],
  'newsletter.mailed': [
    'With no newsletter service configured: the message shown as the visitor’s e-mail app opens with the request.',
    'Your email app is opening with a request to subscribe: send it and we’ll add you to the list.',
  ],
  'chat.label': ['The WhatsApp chat button’s name, read by screen readers.', 'Contact via WhatsApp'],
  'chat.status': [
    'The line under the account name in the chat window, in the site’s own voice.',
    'We usually reply within an hour',
  ],
  'chat.greeting': ['The chat window’s greeting.', 'Hi there! How can we help?'],
  'chat.placeholder': ['The hint in the chat window’s empty message field.', 'Type your message...'],
  'chat.send': ['The chat window’s send button.', 'Send'],
  'chat.close': ['The chat window’s close button, read by screen readers.', 'Close chat'],
  'chat.message': [
    'The message a WhatsApp chat starts with, which the visitor can change.',
    "Hi! I'd like some more information.",
  ],
  'cookie.title': ['The cookie banner’s heading.', 'Cookies and privacy'],
  'cookie.text': [
    'The cookie banner’s text, shown whatever the settings: it names no optional category (each one’s sentence follows it when its setting turns it on).',
    'We store what this website needs to work.',
  ],
  'cookie.accept': ['The cookie banner’s button that accepts every category.', 'Accept all'],
  'cookie.reject': ['The cookie banner’s button that refuses every optional category.', 'Reject all'],
  'cookie.customize': ['The cookie banner’s button that opens the cookie preferences.', 'Customise'],
  'cookie.dialogTitle': ['The cookie preferences’ heading.', 'Cookie preferences'],
  'cookie.necessary': ['The name of the necessary category, in the preferences and the cookie policy.', 'Necessary'],
  'cookie.necessaryText': [
    'What the necessary category covers, in the cookie preferences.',
    'They store your language and your cookie choices. Always on.',
  ],
  'cookie.analytics': [
    'The name of the analytics category, in the preferences and the cookie policy; shown only with an analytics id.',
    'Analytics',
  ],
  'cookie.analyticsText': [
    'What the analytics category covers, in the cookie preferences; shown only with an analytics id.',
    'They help us understand, in aggregate, how the website is used.',
  ],
  'cookie.analyticsBanner': [
    'The sentence the cookie banner adds after its text when the settings have an analytics id.',
    'With your permission, we will also use analytics cookies to improve it.',
  ],
  'cookie.analyticsPolicyTitle': [
    'The heading of the cookie policy’s section on analytics cookies ({{consent-categories}}); shown only with an analytics id.',
    'Only with your consent: analytics cookies',
  ],
  'cookie.analyticsPolicy': [
    'The cookie policy’s paragraph on analytics cookies ({{consent-categories}}); shown only with an analytics id.',
    'Analytics cookies are set only if you accept them; until then, the analytics code is not even loaded.',
  ],
  'cookie.marketing': [
    'The name of the marketing (advertising) category, in the preferences and the cookie policy; shown only with a marketing tag.',
    'Advertising',
  ],
  'cookie.marketingText': [
    'What the marketing category covers, in the cookie preferences; shown only with a marketing tag.',
    'They let us measure advertising campaigns.',
  ],
  'cookie.marketingBanner': [
    'The sentence the cookie banner adds after its text when the settings have a marketing tag.',
    'With your permission, we will also use advertising cookies to measure our campaigns.',
  ],
  'cookie.marketingPolicyTitle': [
    'The heading of the cookie policy’s section on advertising cookies ({{consent-categories}}); shown only with a marketing tag.',
    'Only with your consent: advertising cookies',
  ],
  'cookie.marketingPolicy': [
    'The cookie policy’s paragraph on advertising cookies ({{consent-categories}}); shown only with a marketing tag.',
    'Advertising cookies are set only if you accept them; until then, the advertising tag is not even loaded.',
  ],
  'cookie.alwaysOn': ['What the cookie preferences say instead of a switch for the necessary category.', 'Always on'],
  'cookie.save': ['The cookie preferences’ button that saves the choices.', 'Save preferences'],
  'cookie.settings': ['The footer’s link that opens the cookie preferences again.', 'Cookie settings'],
  'cookie.close': ['The cookie preferences’ close button, read by screen readers.', 'Close'],
  'toast.close': ['The button that dismisses a pop-up message, read by screen readers.', 'Dismiss'],
  'storage.name': ['The heading of the name column in the cookie policy’s table.', 'Name'],
  'storage.kind': ['The heading of the type column in the cookie policy’s table.', 'Type'],
  'storage.category': ['The heading of the category column in the cookie policy’s table.', 'Category'],
  'storage.purpose': ['The heading of the purpose column in the cookie policy’s table.', 'Purpose'],
  'storage.owner': ['The heading of the owner column in the cookie policy’s table.', 'Owner'],
  'storage.retention': ['The heading of the duration column in the cookie policy’s table.', 'Duration'],
  'storage.kind.cookie': ['The type of a cookie, in the cookie policy’s table.', 'Cookie'],
  'storage.kind.localStorage': [
    'The type of a key kept in the browser’s local storage, in the cookie policy’s table.',
    'Local storage',
  ],
  'cookie.policyChoiceTitle': [
    'The cookie policy’s heading for how to give, refuse and withdraw consent, when the site asks for it.',
    'Accepting, rejecting or changing your choice',
  ],
  'cookie.policyChoice': [
    'The cookie policy’s paragraph on the banner, the preferences and withdrawing consent, when the site asks for it; {settings} is the footer link’s text (cookie.settings).',
    'On your first visit, a notice lets you accept, reject or choose…',
  ],
  'cookie.policyNoChoiceTitle': [
    'The cookie policy’s heading, when the site asks for no consent, on why there is no notice.',
    'Why there is no cookie notice',
  ],
  'cookie.policyNoChoice': [
    'The cookie policy’s paragraph, when the site asks for no consent: it stores only what it needs to work, so it shows no notice.',
    'This website stores only what it needs to work…',
  ],
  'storage.kind.embed': [
    'The type of another site’s embedded frame, in the cookie policy’s table.',
    'Embedded content',
  ],
  'cookie.third-party': [
    'The category of another site’s embedded content, in the cookie policy’s table.',
    'Third party, only if you ask for it',
  ],
  'professionals.name': ['The heading of the name column in the legal notice’s table of professionals.', 'Name'],
  'professionals.profession': ['The heading of the profession column in the table of professionals.', 'Profession'],
  'professionals.college': [
    'The heading of the professional-college column in the table of professionals.',
    'Professional college',
  ],
  'professionals.number': [
    'The heading of the membership-number column in the table of professionals.',
    'Membership no.',
  ],
  'professionals.noCollege': [
    'The college column of a professional whose profession has no college (a hearing-aid technician), in the table of professionals.',
    'None (the profession has no college)',
  ],
  'professionals.rules': [
    'The sentence of the legal notice that links to the professional rules (health.professionalRules in site.yaml); {link} is the link.',
    'The professional rules that govern these professions can be read at {link}.',
  ],
  'profession.optician-optometrist': [
    'The legal title óptico-optometrista, in full, in the table of professionals.',
    'Optician-optometrist',
  ],
  'profession.optician-optometrist-feminine': [
    'The same title for a woman (feminine: true in health.professionals), where the language has a feminine form.',
    'Optician-optometrist',
  ],
  'profession.hearing-aid-technician': [
    'The profession audioprotesista (técnico superior en audiología protésica), in the table of professionals.',
    'Hearing-aid technician (audioprotesista)',
  ],
  'financing.example': [
    'The representative example of credit shown with every monthly price; its placeholders {cashPrice}, {downPayment}, {credit}, {term}, {instalment}, {borrowingRate}, {apr}, {fees}, {total} and {lender} are the figures of financing in site.yaml.',
    'Representative example: cash price {cashPrice}; deposit {downPayment}; total amount of credit {credit}; {term} monthly instalments of {instalment}; fixed borrowing rate (TIN) {borrowingRate}; APR (TAE) {apr}; fees {fees}; total amount payable {total}. Credit provided by {lender} and subject to approval.',
  ],
  'financing.marker': [
    'What the asterisk after a monthly price says to a screen reader: it leads to the representative example of the credit.',
    'Representative example of the credit',
  ],
  'privacy.officer': [
    'The privacy policy’s sentence naming the data protection officer (dataProtection.officer in site.yaml); {name} and {email} are theirs.',
    'We have appointed a data protection officer (DPO): {name}, whom you can write to at {email}.',
  ],
  'privacy.officerFeminine': [
    'The same sentence for a woman (feminine: true in dataProtection.officer), where the language has a feminine form.',
    'We have appointed a data protection officer (DPO): {name}, whom you can write to at {email}.',
  ],
  'privacy.analyticsTitle': [
    'The privacy policy’s heading for the website’s statistics, shown only with an analytics id.',
    'The website’s statistics',
  ],
  'privacy.analytics': [
    'The privacy policy’s paragraph on the statistics (data, purpose, legal basis, retention, recipient), shown only with an analytics id.',
    'Only if you accept analytics cookies…',
  ],
  'privacy.transfers': [
    'The privacy policy’s paragraph on international transfers; {recipients} lists who may transfer data outside the European Economic Area.',
    '{recipients} may transfer data outside the European Economic Area…',
  ],
  'privacy.transferChat': ['The chat service among the international transfers.', 'WhatsApp (Meta)'],
  'privacy.transferMap': [
    'The map’s provider among the international transfers; {provider} is mapProvider in site.yaml.',
    'the map provider ({provider})',
  ],
  'privacy.transferAnalytics': [
    'The statistics service among the international transfers, only with an analytics id.',
    'Google (Google Analytics)',
  ],
  'privacy.transferHosting': [
    'The hosting provider among the international transfers, when hosting.location is outside-eea; {provider} is hosting.provider.',
    'our hosting provider ({provider})',
  ],
  'privacy.newsletterService': [
    'Who receives the newsletter’s data, with a newsletter endpoint ({{newsletter-recipients}} in the privacy policy).',
    'the provider that sends the newsletter, as our processor.',
  ],
  'privacy.newsletterMail': [
    'Who receives the newsletter’s data, without an endpoint: the form opens the visitor’s e-mail program ({{newsletter-recipients}}).',
    'no one else: the form opens your own e-mail program…',
  ],
  'complaints.arbitration': [
    'The terms’ sentence for a centre that belongs to the consumer arbitration system; {board} is the arbitration board (consumerArbitration in site.yaml).',
    'We belong to the consumer arbitration system ({board}). If our reply does not satisfy you, you can ask for consumer arbitration: it is free and voluntary for you, and the award is binding on both parties.',
  ],
  'complaints.noArbitration': [
    'The terms’ sentence for a centre that does not belong to it (consumerArbitration empty in site.yaml).',
    'We do not belong to the consumer arbitration system. If our reply does not satisfy you, you can contact your local consumer information office or the Catalan Consumer Agency, both of which can offer mediation, or go to the courts.',
  ],
  'advertising.authorisation': [
    'The line under advertised products that gives the authorisation to advertise medical devices (health.advertisingAuthorisation in site.yaml); {reference} is its reference.',
    'Medical device advertising authorisation: {reference}',
  ],
  'footer.tagline': [
    'The sentence under the logo in the footer.',
    'Optical and audiology care in Poblenou, with time for everyone.',
  ],
  'footer.visual': ['The heading of the footer’s list of optical services.', 'Optical services'],
  'footer.auditory': ['The heading of the footer’s list of audiology services.', 'Audiology services'],
  'footer.support': ['The heading of the footer’s customer-care links.', 'Customer care'],
  'footer.contact': ['The heading of the footer’s contact details.', 'Contact'],
  'footer.social': ['The name of the footer’s social-media links, read by screen readers.', 'Social media'],
  'footer.legal': ['The name of the footer’s legal links, read by screen readers.', 'Legal information'],
  'footer.copyright': [
    'The footer’s copyright line; {year} is the year and {name} the trade name.',
    '© {year} {name}. All rights reserved.',
  ],
  'footer.privacy': ['The footer’s link to the privacy policy.', 'Privacy policy'],
  'footer.terms': ['The footer’s link to the legal notice.', 'Legal notice'],
  'footer.cookies': ['The footer’s and the map notice’s link to the cookie policy.', 'Cookie policy'],
  'notFound.button': ['The “page not found” page’s button back to the home page.', 'Back to the home page'],
  'breadcrumb.label': ['The name of the breadcrumb trail, read by screen readers.', 'You are here'],
  'service.factsHeading': ['The heading of a service page’s box of key facts.', 'At a glance'],
  'models.hearingAids': ['The heading of the hearing aids on the Oticon models page.', 'Hearing aids'],
  'models.accessories': ['The heading of the accessories on the Oticon models page.', 'Accessories'],
  'models.back': ['A model page’s link back to the list of models.', 'All Oticon models'],
  'model.titleHearingAid': [
    'A hearing-aid family’s page title; {name} is the model’s name.',
    '{name} hearing aids in Barcelona',
  ],
  'model.titleAccessory': ['An accessory’s page title; {name} is the accessory’s name.', '{name} for hearing aids'],
  'model.specs': ['The heading of a model page’s specifications.', 'Specifications'],
  'model.released': ['The label of a model’s release year in its specifications.', 'Release year'],
  'model.styles': ['The label of a model’s styles in its specifications.', 'Styles'],
  'model.fittingRange': ['The label of a model’s fitting range in its specifications.', 'Suitable for'],
  'model.rechargeable': ['The label of whether a model is rechargeable, in its specifications.', 'Rechargeable'],
  'model.connectivity': ['The label of a model’s connectivity in its specifications.', 'Connectivity'],
  'model.tinnitus': ['The label of a model’s tinnitus support in its specifications.', 'Tinnitus support'],
  'model.yes': ['Yes, as a specification’s value.', 'Yes'],
  'model.no': ['No, as a specification’s value.', 'No'],
  'page.updated': [
    'The date a legal page was last updated, under its heading; {date} is the date.',
    'Last updated: {date}',
  ],
  'redirect.title': [
    'The title of the page left at an old address, which leads to the new one.',
    'This page has moved',
  ],
  'redirect.text': [
    'The text of the page left at an old address, above the link to the new one.',
    "We're taking you to the new page. If nothing happens, click the link.",
  ],
  'meta.socialImageAlt': [
    'What the picture shown when a page is shared depicts, for people who cannot see it.',
    'Illustration of round glasses and sound waves in front of a Poblenou chimney',
  ],
} as const satisfies Record<string, readonly [description: string, example: string]>;

/**
 * The translation table's keys (docs/behaviour.md#translations), the texts' own names above. Templates can
 * only ask for these, so a typo fails type-checking; content/<locale>/ui.yaml gives each one its text.
 * `{name}` in a text is filled in by the translator from the values the template passes.
 */
export type UiKey = keyof typeof UI_TEXTS;

/** Every key, in the order above. */
export const uiKeys = Object.keys(UI_TEXTS) as readonly UiKey[];

/**
 * A translation table (content/<locale>/ui.yaml) as editors check it: known keys only, each a
 * text that is not empty. Validation reads the same rules from `uiKeys` (cli/validate/parse-file.ts)
 * and adds one a single file cannot tell: the default language's table must have every key.
 */
export const uiTableSchema = z
  .object(
    Object.fromEntries(
      uiKeys.map((key) => {
        const [description, example] = UI_TEXTS[key];
        return [
          key,
          z
            .string()
            .min(1)
            .meta({ description, examples: [example] }),
        ];
      }),
    ),
  )
  .partial()
  .strict();
