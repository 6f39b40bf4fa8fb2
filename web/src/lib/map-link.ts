/** Where a shared position opens on a phone or a desktop: the map app, or Google Maps in the browser. */
export const mapLink = (lat: number, lng: number) => `https://www.google.com/maps?q=${lat},${lng}`;
