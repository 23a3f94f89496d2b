import type { Route, Settings } from '../../cli/types.ts';

const DAY_NAMES = {
  mo: 'Monday',
  tu: 'Tuesday',
  we: 'Wednesday',
  th: 'Thursday',
  fr: 'Friday',
  sa: 'Saturday',
  su: 'Sunday',
} as const;

/**
 * The centre as schema.org Optician, its audiology side as a department (a MedicalClinic), with the address,
 * position, contact and the opening hours exactly as the settings give them (docs/behaviour.md#seo-and-structured-data).
 */
export function businessData(
  settings: Settings,
  home: Route,
  audiology: { name: string; url: string },
  imageUrl?: string,
) {
  const { address, contact } = settings;
  const postalAddress = {
    '@type': 'PostalAddress',
    streetAddress: address.street,
    postalCode: address.postalCode,
    addressLocality: address.locality,
    addressRegion: address.region,
    addressCountry: address.country,
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Optician',
    '@id': `${settings.baseUrl}/#business`,
    name: settings.name,
    legalName: settings.company.legalName,
    url: `${settings.baseUrl}${home.url}`,
    ...(imageUrl ? { image: `${settings.baseUrl}${imageUrl}` } : {}),
    telephone: contact.phone,
    email: contact.email,
    address: postalAddress,
    geo: { '@type': 'GeoCoordinates', latitude: address.geo.latitude, longitude: address.geo.longitude },
    hasMap: settings.directionsUrl,
    openingHoursSpecification: settings.openingHours.map((slot) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: slot.days.map((day) => DAY_NAMES[day]),
      opens: slot.opens,
      closes: slot.closes,
    })),
    sameAs: settings.social.map((profile) => profile.url),
    // MedicalClinic is a type that defines medicalSpecialty, and Audiology is the specialty of a
    // hearing centre (Otolaryngologic is the ear, nose and throat doctor's).
    department: {
      '@type': 'MedicalClinic',
      name: audiology.name,
      url: `${settings.baseUrl}${audiology.url}`,
      medicalSpecialty: 'Audiology',
      telephone: contact.phone,
      address: postalAddress,
    },
  };
}

/** A BreadcrumbList of the trail from home to the page. */
export function breadcrumbData(trail: readonly { label: string; url: string }[], baseUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      item: `${baseUrl}${item.url}`,
    })),
  };
}
