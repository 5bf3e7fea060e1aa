/**
 * Word lists the seed draws names from. All fictional: brand and store names are made up, domains use the reserved
 * `.example` top-level domain, and people are combinations of common first and last names.
 */

export const BRAND_NAMES = [
  "GreenLeaf Farms", "Kind Peaks", "Sunset Valley Growers", "Golden Hour Extracts", "Humboldt Heritage",
  "Cloud Nine Confections", "Desert Bloom", "Pacific Roots", "Lucky Fox Cannabis", "Emerald Tide",
  "Velvet Haze", "Moonrise Gardens", "Redwood Reserve", "Wildflower Labs", "Nectar & Co.",
  "Stoney Brook Botanicals", "Copper Canyon Cultivars", "Blue Agave Botanicals", "Honeycomb Treats", "Coastal Cure",
  "True North Growers", "Silver Pine Collective", "Sierra Gold", "Mojave Sun", "Night Owl Extracts",
  "Fog City Farms", "Tall Grass Tonics", "Hummingbird Hash Co.", "Ridgeline Rosin", "Salt & Stone Topicals",
  "Lantern Light Vapes", "Big Sur Botanics",
] as const;

export const FIRST_NAMES = [
  "Maria", "James", "Sofia", "Daniel", "Aisha", "Michael", "Lucia", "David", "Grace", "Carlos", "Emily", "Kevin",
  "Priya", "Jordan", "Hannah", "Marcus", "Olivia", "Andre", "Chloe", "Luis", "Nina", "Ethan", "Rosa", "Tyler",
  "Mei", "Brandon", "Fatima", "Noah", "Elena", "Isaac", "Jasmine", "Victor", "Leah", "Omar", "Tara", "Samuel",
  "Ava", "Diego", "Kayla", "Ryan", "Yuki", "Gabriel", "Monica", "Jamal", "Sara", "Trevor", "Camila", "Derek",
] as const;

export const LAST_NAMES = [
  "Lopez", "Nguyen", "Smith", "Garcia", "Kim", "Johnson", "Patel", "Martinez", "Chen", "Williams", "Rodriguez",
  "Brown", "Hernandez", "Davis", "Singh", "Miller", "Wilson", "Anderson", "Ramirez", "Thomas", "Taylor", "Moore",
  "Jackson", "Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Hill", "Flores", "Green", "Adams", "Baker",
] as const;

export const STORE_PREFIXES = [
  "Green", "Golden", "High", "Urban", "Coastal", "Emerald", "Blue", "Sunset", "Canna", "Herbal", "Elevated",
  "Higher", "Pacific", "Desert", "Kind", "Natural", "Cloud", "Lotus", "Harvest", "Evergreen", "Summit", "Bay",
  "Valley", "Mission", "Harbor", "Canyon", "Sage", "Juniper", "Oasis", "Redwood", "Coral", "Driftwood", "Ember",
  "Foxglove", "Granite", "Hollow", "Ironwood", "Jade", "Kestrel", "Lighthouse", "Meadow", "Northstar", "Orchard",
  "Pinnacle", "Quail", "Riverbend", "Saltwater", "Tumbleweed", "Upland", "Vista", "Willow", "Yucca", "Zephyr",
] as const;

export const STORE_SUFFIXES = [
  "Collective", "Dispensary", "Wellness", "Cannabis Co.", "Remedies", "Apothecary", "Leaf", "Garden", "Market",
  "Station", "Club", "Provisions", "Supply", "House", "Cannabis", "Greens", "Dispensary & Lounge", "Herb Shop",
  "Cannabis Market", "Trading Co.", "Botanicals", "Farmacy",
] as const;

export const STREET_NAMES = [
  "Main", "Broadway", "Mission", "Market", "Oak", "Pine", "Maple", "Cedar", "Sunset", "Valley", "Lake", "Hill",
  "Park", "Washington", "Lincoln", "Jefferson", "Harbor", "Ocean", "Desert Palm", "Canyon", "Industrial", "Commerce",
  "Grand", "Central", "Foothill", "Airport", "Railroad", "El Camino", "Mesa", "Rancho",
] as const;

export const STREET_SUFFIXES = ["St", "Ave", "Blvd", "Rd", "Way", "Dr", "Pkwy"] as const;

/** Strain names and the blend they are usually sold as. */
export const STRAINS: readonly (readonly [string, "Hybrid" | "Indica" | "Sativa"])[] = [
  ["Blue Dream", "Hybrid"], ["OG Kush", "Hybrid"], ["Gelato 41", "Hybrid"], ["Wedding Cake", "Indica"],
  ["Sour Diesel", "Sativa"], ["Granddaddy Purple", "Indica"], ["Girl Scout Cookies", "Hybrid"], ["Jack Herer", "Sativa"],
  ["Pineapple Express", "Hybrid"], ["Zkittlez", "Indica"], ["Runtz", "Hybrid"], ["Gorilla Glue #4", "Hybrid"],
  ["Northern Lights", "Indica"], ["Durban Poison", "Sativa"], ["Purple Punch", "Indica"], ["Ice Cream Cake", "Indica"],
  ["Mimosa", "Sativa"], ["Tangie", "Sativa"], ["Lemon Haze", "Sativa"], ["Bubba Kush", "Indica"],
  ["Green Crack", "Sativa"], ["Trainwreck", "Hybrid"], ["Super Lemon Haze", "Sativa"], ["Cherry Pie", "Hybrid"],
  ["Apple Fritter", "Hybrid"], ["Biscotti", "Indica"], ["Sherbet", "Hybrid"], ["Garlic Cookies", "Indica"],
  ["Strawberry Cough", "Sativa"], ["Papaya", "Indica"],
];

export const EDIBLE_FLAVORS = [
  "Watermelon", "Sour Cherry", "Blood Orange", "Wild Berry", "Mango", "Peach", "Lemon Ginger", "Pomegranate",
  "Blue Raspberry", "Tropical Punch", "Grapefruit", "Honey Lavender", "Green Apple", "Passion Fruit",
] as const;

export const CHOCOLATE_FLAVORS = ["Dark Chocolate Sea Salt", "Milk Chocolate", "Mint Chocolate", "Espresso Crunch", "Salted Caramel"] as const;
export const DRINK_FLAVORS = ["Lime", "Black Cherry", "Lemon Iced Tea", "Grapefruit", "Ginger Ale", "Raspberry Hibiscus"] as const;
export const TOPICAL_SCENTS = ["Unscented", "Eucalyptus", "Lavender", "Peppermint", "Citrus"] as const;
export const TERPENE_NOTES = ["Earthy", "Citrus", "Pine", "Berry", "Diesel", "Sweet", "Spicy", "Floral", "Gassy", "Tropical"] as const;

export const LABORATORIES = ["SC Labs", "Anresco Laboratories", "CannaSafe", "Steep Hill", "Kaycha Labs", "DigiPath Labs", "Infinite Chemical Analysis"] as const;

/** Job titles and departments of retailers' and brands' staff. */
export const CUSTOMER_TITLES = ["Buyer", "Purchasing Manager", "Store Manager", "Owner", "Inventory Lead", "Bookkeeper"] as const;
export const CUSTOMER_DEPARTMENTS = ["Purchasing", "Operations", "Finance", "Retail"] as const;
export const SUPPLIER_TITLES = ["Brand Manager", "Sales Director", "Account Manager", "Operations Lead", "Owner"] as const;
export const SUPPLIER_DEPARTMENTS = ["Sales", "Operations", "Finance", "Marketing"] as const;

export const INVOICE_MEMOS = ["Deliver to back door", "Call on arrival", "Receiving hours 10-4", "Split delivery OK", "Leave with security"] as const;
export const AR_NOTES = ["Promised payment next week", "Check in the mail", "Disputed line, see credit", "Paying on delivery going forward", "Sent to collections review"] as const;

/** A URL-safe slug of a name: "Nectar & Co." → "nectar-co". */
export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** Upper-case initials of a name's words, at least two letters: "GreenLeaf Farms" → "GF". */
export function initials(name: string): string {
  const letters = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w)).map((w) => w[0]!.toUpperCase()).join("");
  return letters.length >= 2 ? letters.slice(0, 3) : name.replace(/[^A-Za-z]/g, "").slice(0, 2).toUpperCase();
}
