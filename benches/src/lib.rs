//! Deterministic benchmark inputs, generated in memory (nothing is
//! downloaded or read from disk).
//!
//! [`product_listing`] writes a realistic, item-dense e-commerce category
//! page in the style of a price-comparison shop: a schema.org `ItemList` of
//! `Product` cards with nested `Brand` and `AggregateRating` items and
//! either one `Offer` (some pulling a shared return policy in through
//! `itemref`) or, for most products, an `AggregateOffer` over two to five
//! marketplace `Offer`s, each with its seller `Organization`. The usual
//! page chrome surrounds it: a head with inline style and script,
//! navigation, breadcrumbs as a `BreadcrumbList`, a filter sidebar,
//! pagination and a footer. [`default_listing`] is the page the benches
//! use: 5.4 MB with 19,088 items.
//!
//! [`shapes`] writes inputs of other shapes (an `itemref`-heavy page, a
//! page 100,000 elements deep, a mixed classic/mf2 `h-feed`, and the
//! [`blog`] page with every vocabulary the workspace converts) and scales
//! every input by a factor, for the `scaling` bench.
//!
//! [`entry::EntryPoint`] names the workspace's entry points (parsing,
//! microdata JSON, microformats2 JSON, RDF, vCard, iCalendar, Atom) as one
//! call each on a parsed DOM, for the `entry_points` bench and the
//! `memory` binary, whose counting allocator is [`alloc::CountingAlloc`].
//!
//! ```
//! let page = benches::product_listing(3);
//! assert_eq!(page.products, 3);
//! assert!(page.html.starts_with("<!DOCTYPE html>"));
//! assert!(page.items > 3);
//! ```

use std::fmt::Write as _;

pub mod alloc;
pub mod blog;
pub mod entry;
pub mod shapes;

/// The document URL the page is served from.
pub const PAGE_URL: &str = "https://shop.example/c/home-and-kitchen?page=1";

/// Product cards on the [`default_listing`] page.
pub const DEFAULT_PRODUCTS: usize = 2_250;

/// A generated page and what it holds.
#[derive(Debug, Clone)]
pub struct Page {
    /// The HTML document.
    pub html: String,
    /// Product cards on it.
    pub products: usize,
    /// Microdata items on it (every element with `itemscope`), which is
    /// what a microdata parser finds: top-level and nested.
    pub items: usize,
}

/// The page the benches use: [`DEFAULT_PRODUCTS`] cards, 5.4 MB
/// (5,371,873 bytes) with 19,088 items.
pub fn default_listing() -> Page {
    product_listing(DEFAULT_PRODUCTS)
}

/// A product-listing page with `products` cards. The same `products` always
/// gives the same bytes.
pub fn product_listing(products: usize) -> Page {
    let mut g = Generator {
        out: String::with_capacity(products * 2_500 + 64 * 1024),
        rng: Rng(0x5EED_CAFE_F00D_D00D),
        items: 0,
    };
    g.head();
    g.header();
    g.breadcrumbs();
    g.filters();
    g.listing(products);
    g.footer();
    Page {
        html: g.out,
        products,
        items: g.items,
    }
}

/// SplitMix64: small, fast and the same on every platform.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with probability `percent`/100.
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, list: &[&'a str]) -> &'a str {
        let i = self.below(list.len() as u64) as usize;
        list.get(i).copied().unwrap_or_default()
    }
}

const BRANDS: &[&str] = &[
    "Acme",
    "Northwind",
    "Lumière",
    "Kettleworks",
    "Oakhaven",
    "Brightline",
    "Nordvik",
    "Copperleaf",
    "Stillwater",
    "Maison Verte",
    "Hearthstone",
    "Bluefjord",
    "Tidewell",
    "Crestmoor",
    "Solano",
    "Fernhill",
    "Ironbark",
    "Pebble & Co.",
    "Juniper",
    "Vellum",
];
const ADJECTIVES: &[&str] = &[
    "Classic",
    "Compact",
    "Deluxe",
    "Stainless",
    "Ceramic",
    "Wireless",
    "Insulated",
    "Foldable",
    "Non-stick",
    "Cast-iron",
    "Glass",
    "Bamboo",
    "Smart",
    "Vintage",
    "Everyday",
    "Pro",
    "Mini",
    "Double-walled",
    "Hand-blown",
    "Organic cotton",
    "Recycled",
    "Heavy-duty",
    "Slim",
    "Nordic",
];
const NOUNS: &[&str] = &[
    "Kettle",
    "Frying Pan",
    "Chef's Knife",
    "Cutting Board",
    "Coffee Grinder",
    "French Press",
    "Teapot",
    "Mixing Bowl Set",
    "Toaster",
    "Blender",
    "Saucepan",
    "Dutch Oven",
    "Colander",
    "Salad Spinner",
    "Spice Rack",
    "Bread Bin",
    "Tea Towel Set",
    "Apron",
    "Water Bottle",
    "Lunch Box",
    "Storage Jar",
    "Measuring Cups",
    "Rolling Pin",
    "Whisk",
    "Baking Tray",
    "Oven Mitts",
    "Pepper Mill",
    "Butter Dish",
    "Milk Frother",
    "Ice Cube Tray",
];
const COLORS: &[&str] = &[
    "Black",
    "White",
    "Sage",
    "Terracotta",
    "Navy",
    "Graphite",
    "Cream",
    "Copper",
    "Mustard",
    "Slate",
];
const PHRASES: &[&str] = &[
    "Built to last and easy to clean.",
    "A kitchen favourite for everyday cooking.",
    "Dishwasher safe; hand washing keeps the finish bright.",
    "Designed in Copenhagen, made in Portugal.",
    "Comes with a two-year warranty.",
    "Heats evenly on gas, electric and induction hobs.",
    "Lightweight, with an ergonomic handle.",
    "Free from BPA and PFAS.",
    "Sized for small kitchens and big appetites.",
    "Part of our bestselling collection.",
];
const SELLERS: &[&str] = &[
    "Home Goods Direct",
    "KitchenCraft Outlet",
    "The Cook's Corner",
    "Bargain Barn",
    "Nordic Living",
    "Urban Pantry",
];
const AVAILABILITY: &[&str] = &[
    "InStock",
    "InStock",
    "InStock",
    "LimitedAvailability",
    "OutOfStock",
];
const CONDITIONS: &[&str] = &[
    "NewCondition",
    "NewCondition",
    "RefurbishedCondition",
    "UsedCondition",
];

struct Generator {
    out: String,
    rng: Rng,
    items: usize,
}

/// `write!` into the page; writing to a `String` cannot fail.
macro_rules! w {
    ($g:expr, $($arg:tt)*) => {
        let _ = write!($g.out, $($arg)*);
    };
}

fn slug(name: &str) -> String {
    let mut s = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('-') {
            s.push('-');
        }
    }
    s.trim_matches('-').to_owned()
}

/// `1234` cents as `12.34`.
fn money(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

impl Generator {
    /// `itemscope` (counted) with its type.
    fn scope(&mut self, ty: &str) -> String {
        self.items += 1;
        format!(r#"itemscope itemtype="https://schema.org/{ty}""#)
    }

    fn head(&mut self) {
        self.out.push_str(
            r#"<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Home &amp; Kitchen – page 1 of 12 | Example Shop</title>
<meta name="description" content="Shop home and kitchen essentials: kettles, pans, knives and more, with free delivery over £40.">
<link rel="canonical" href="https://shop.example/c/home-and-kitchen">
<link rel="next" href="https://shop.example/c/home-and-kitchen?page=2">
<link rel="stylesheet" href="/static/css/app.8f3a1c.css">
<link rel="preload" as="font" href="/static/fonts/inter-var.woff2" crossorigin>
<link rel="icon" href="/favicon.ico">
<style>
"#,
        );
        for i in 0..120 {
            w!(
                self,
                ".card--v{i}{{display:grid;grid-template-rows:auto 1fr auto;gap:{}px;border-radius:{}px}}\n",
                4 + i % 12,
                2 + i % 6
            );
        }
        self.out
            .push_str("</style>\n<script>\nwindow.dataLayer = window.dataLayer || [];\n");
        for i in 0..150 {
            w!(
                self,
                "dataLayer.push({{event:'impression',list:'home-and-kitchen',position:{i},variant:'v{}'}});\n",
                i % 7
            );
        }
        self.out.push_str(
            "</script>\n<script async src=\"/static/js/app.2b9e04.js\"></script>\n</head>\n",
        );
    }

    fn header(&mut self) {
        self.out.push_str(
            r##"<body class="page page--category">
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
<div class="site-header__inner">
<a class="logo" href="/"><img src="/static/img/logo.svg" alt="Example Shop" width="160" height="40"></a>
<form class="search" action="/search" role="search"><label for="q" class="visually-hidden">Search</label><input id="q" name="q" type="search" placeholder="Search 20,000 products"><button type="submit">Search</button></form>
<nav class="account"><a href="/account">Account</a> <a href="/wishlist">Wishlist</a> <a href="/basket" class="basket">Basket (0)</a></nav>
</div>
<nav class="mega-menu" aria-label="Departments"><ul>
"##,
        );
        for (d, dept) in [
            "Home & Kitchen",
            "Garden",
            "Furniture",
            "Lighting",
            "Bed & Bath",
            "Storage",
        ]
        .iter()
        .enumerate()
        {
            w!(
                self,
                "<li class=\"mega-menu__dept\"><a href=\"/c/{}\">{}</a><ul>",
                slug(dept),
                dept.replace('&', "&amp;")
            );
            for i in 0..10 {
                let noun = NOUNS
                    .get((d * 10 + i) % NOUNS.len())
                    .copied()
                    .unwrap_or_default();
                w!(self, "<li><a href=\"/c/{}\">{noun}s</a></li>", slug(noun));
            }
            self.out.push_str("</ul></li>\n");
        }
        self.out.push_str("</ul></nav>\n</header>\n");
    }

    fn breadcrumbs(&mut self) {
        let list = self.scope("BreadcrumbList");
        w!(
            self,
            "<nav class=\"breadcrumbs\" aria-label=\"Breadcrumb\"><ol {list}>\n"
        );
        for (i, (name, path)) in [
            ("Home", "/"),
            ("Home & Kitchen", "/c/home-and-kitchen"),
            ("All products", "/c/home-and-kitchen?page=1"),
        ]
        .iter()
        .enumerate()
        {
            let li = self.scope("ListItem");
            w!(
                self,
                "<li itemprop=\"itemListElement\" {li}><a itemprop=\"item\" href=\"{path}\"><span itemprop=\"name\">{}</span></a><meta itemprop=\"position\" content=\"{}\"></li>\n",
                name.replace('&', "&amp;"),
                i + 1
            );
        }
        self.out.push_str("</ol></nav>\n");
    }

    fn filters(&mut self) {
        self.out.push_str(
            "<div class=\"layout\">\n<aside class=\"filters\"><h2>Filter</h2><form action=\"/c/home-and-kitchen\">\n<fieldset><legend>Brand</legend>\n",
        );
        for brand in BRANDS {
            let s = slug(brand);
            w!(
                self,
                "<label><input type=\"checkbox\" name=\"brand\" value=\"{s}\"> {} <span class=\"count\">({})</span></label>\n",
                brand.replace('&', "&amp;"),
                40 + self.rng.below(400)
            );
        }
        self.out
            .push_str("</fieldset>\n<fieldset><legend>Colour</legend>\n");
        for c in COLORS {
            w!(
                self,
                "<label><input type=\"checkbox\" name=\"colour\" value=\"{}\"> {c}</label>\n",
                slug(c)
            );
        }
        self.out.push_str(
            "</fieldset>\n<fieldset><legend>Price</legend><input type=\"range\" name=\"max\" min=\"0\" max=\"500\" value=\"500\"></fieldset>\n<button type=\"submit\">Apply</button></form></aside>\n",
        );
        // Shared return policy, pulled into some offers through itemref.
        self.out.push_str(
            "<div id=\"returns\" hidden><link itemprop=\"hasMerchantReturnPolicy\" href=\"https://shop.example/help/returns\"><meta itemprop=\"eligibleRegion\" content=\"GB\"></div>\n",
        );
    }

    fn listing(&mut self, products: usize) {
        let list = self.scope("ItemList");
        w!(
            self,
            "<main id=\"main\" class=\"listing\" {list}>\n<h1 itemprop=\"name\">Home &amp; Kitchen</h1>\n<p class=\"listing__count\"><span itemprop=\"numberOfItems\">{products}</span> products</p>\n<meta itemprop=\"itemListOrder\" content=\"https://schema.org/ItemListOrderDescending\">\n<ul class=\"grid\">\n"
        );
        for i in 0..products {
            self.product(i);
        }
        self.out.push_str("</ul>\n");
        self.out
            .push_str("<nav class=\"pagination\" aria-label=\"Pages\"><ol>");
        for p in 1..=12 {
            w!(
                self,
                "<li><a href=\"/c/home-and-kitchen?page={p}\"{}>{p}</a></li>",
                if p == 1 { " aria-current=\"page\"" } else { "" }
            );
        }
        self.out.push_str("</ol></nav>\n</main>\n</div>\n");
    }

    fn product(&mut self, i: usize) {
        let id = 100_000 + i * 7;
        let brand = self.rng.pick(BRANDS);
        let name = format!(
            "{brand} {} {} – {}",
            self.rng.pick(ADJECTIVES),
            self.rng.pick(NOUNS),
            self.rng.pick(COLORS)
        );
        let url_slug = slug(&name);
        let html_name = name.replace('&', "&amp;");
        let html_brand = brand.replace('&', "&amp;");
        let product = self.scope("Product");
        w!(
            self,
            "<li class=\"card\" id=\"p{id}\" itemprop=\"itemListElement\" {product}>\n"
        );
        w!(
            self,
            "<a class=\"card__media\" itemprop=\"url\" href=\"/p/{id}/{url_slug}\"><img itemprop=\"image\" src=\"https://cdn.shop.example/i/{id}.jpg\" alt=\"{html_name}\" width=\"240\" height=\"240\" loading=\"lazy\"></a>\n<div class=\"card__body\">\n"
        );
        let brand_scope = self.scope("Brand");
        w!(
            self,
            "<p class=\"card__brand\" itemprop=\"brand\" {brand_scope}><a itemprop=\"url\" href=\"/b/{}\"><span itemprop=\"name\">{html_brand}</span></a></p>\n",
            slug(brand)
        );
        w!(
            self,
            "<h2 class=\"card__title\"><a href=\"/p/{id}/{url_slug}\"><span itemprop=\"name\">{html_name}</span></a></h2>\n<meta itemprop=\"sku\" content=\"SKU-{id}\"><meta itemprop=\"gtin13\" content=\"50{:011}\">\n",
            self.rng.below(100_000_000_000),
        );
        let description = self.rng.pick(PHRASES);
        w!(
            self,
            "<p class=\"card__desc\" itemprop=\"description\">{description}</p>\n"
        );
        if self.rng.chance(70) {
            let rating = self.scope("AggregateRating");
            let value = 25 + self.rng.below(26);
            let count = 1 + self.rng.below(2_000);
            w!(
                self,
                "<div class=\"card__rating\" itemprop=\"aggregateRating\" {rating}><meter itemprop=\"ratingValue\" min=\"0\" max=\"5\" value=\"{}.{}\">★★★★☆</meter> (<span itemprop=\"reviewCount\">{count}</span>)</div>\n",
                value / 10,
                value % 10
            );
        }
        let price = 499 + self.rng.below(25_000);
        // A price-comparison listing: most products are sold by several
        // marketplace sellers.
        if self.rng.chance(70) {
            self.aggregate_offer(price);
        } else {
            self.offer(price, None);
        }
        w!(
            self,
            "<button class=\"btn\" data-sku=\"SKU-{id}\">Add to basket</button>\n</div>\n</li>\n"
        );
    }

    /// One `Offer`; marketplace offers (`seller` given) nest the seller.
    fn offer(&mut self, cents: u64, seller: Option<&str>) {
        let offer = self.scope("Offer");
        let itemref = if seller.is_none() && self.rng.chance(35) {
            " itemref=\"returns\""
        } else {
            ""
        };
        let price = money(cents);
        match seller {
            None => {
                let availability = self.rng.pick(AVAILABILITY);
                let stock = match availability {
                    "InStock" => "In stock",
                    "LimitedAvailability" => "Only a few left",
                    _ => "Out of stock",
                };
                w!(
                    self,
                    "<div class=\"offer\" itemprop=\"offers\" {offer}{itemref}><data itemprop=\"price\" value=\"{price}\">£{price}</data><meta itemprop=\"priceCurrency\" content=\"GBP\"><link itemprop=\"availability\" href=\"https://schema.org/{availability}\"> <span class=\"stock\">{stock}</span></div>\n"
                );
            }
            Some(seller) => {
                let condition = self.rng.pick(CONDITIONS);
                let org = self.scope("Organization");
                w!(
                    self,
                    "<li itemprop=\"offers\" {offer}><data itemprop=\"price\" value=\"{price}\">£{price}</data><meta itemprop=\"priceCurrency\" content=\"GBP\"><link itemprop=\"itemCondition\" href=\"https://schema.org/{condition}\"> from <span itemprop=\"seller\" {org}><span itemprop=\"name\">{seller}</span></span></li>\n"
                );
            }
        }
    }

    /// An `AggregateOffer` over two to five marketplace `Offer`s.
    fn aggregate_offer(&mut self, base: u64) {
        let n = 2 + self.rng.below(4);
        let prices: Vec<u64> = (0..n)
            .map(|_| base + self.rng.below(base / 4 + 1))
            .collect();
        let low = prices.iter().copied().min().unwrap_or(base);
        let high = prices.iter().copied().max().unwrap_or(base);
        let agg = self.scope("AggregateOffer");
        w!(
            self,
            "<div class=\"offers\" itemprop=\"offers\" {agg}><p>{n} offers from <data itemprop=\"lowPrice\" value=\"{}\">£{}</data> to <data itemprop=\"highPrice\" value=\"{}\">£{}</data><meta itemprop=\"offerCount\" content=\"{n}\"><meta itemprop=\"priceCurrency\" content=\"GBP\"></p>\n<ul class=\"offers__list\">\n",
            money(low),
            money(low),
            money(high),
            money(high)
        );
        for p in prices {
            let seller = self.rng.pick(SELLERS);
            self.offer(p, Some(seller));
        }
        self.out.push_str("</ul></div>\n");
    }

    fn footer(&mut self) {
        let org = self.scope("Organization");
        w!(
            self,
            "<footer class=\"site-footer\" {org}>\n<p><span itemprop=\"name\">Example Shop Ltd</span>, <span itemprop=\"address\">1 High Street, London</span>. <a itemprop=\"url\" href=\"https://shop.example/\">shop.example</a></p>\n<ul class=\"footer-links\">"
        );
        for link in [
            "About us", "Careers", "Delivery", "Returns", "Contact", "Privacy", "Cookies", "Terms",
        ] {
            w!(self, "<li><a href=\"/help/{}\">{link}</a></li>", slug(link));
        }
        self.out.push_str("</ul>\n</footer>\n</body>\n</html>\n");
    }
}

/// A command-line value that must be a positive number (a scale, a count
/// of iterations).
pub fn positive_number(s: &str) -> Result<usize, String> {
    match s.parse() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("`{s}` is not a positive number")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_input_same_page() {
        let a = product_listing(40);
        let b = product_listing(40);
        assert_eq!(a.html, b.html);
        assert_eq!(a.items, b.items);
    }

    /// The generator's item count is what a microdata parser finds.
    #[test]
    fn item_count_matches_extraction() {
        let page = product_listing(60);
        let parsed = microdata_scraper::parse(&page.html, Some(PAGE_URL)).unwrap();
        let doc = parsed.document();
        assert_eq!(doc.all_items().count(), page.items);
        // Breadcrumbs, the list and the footer organization are top-level.
        assert_eq!(doc.items().count(), 3);
        let list = doc
            .items_of_type("https://schema.org/ItemList")
            .next()
            .unwrap();
        assert_eq!(list.values("itemListElement").count(), 60);
        // A product has a name, a brand item and at least one offer.
        let product = list.get("itemListElement").unwrap().as_item().unwrap();
        assert!(product.has_type("https://schema.org/Product"));
        assert!(product.get("brand").unwrap().as_item().is_some());
        assert!(product.get("offers").unwrap().as_item().is_some());
        assert_eq!(
            product.get("url").unwrap().as_str(),
            Some(
                format!(
                    "https://shop.example/p/100000/{}",
                    slug(product.get("name").unwrap().as_str().unwrap())
                )
                .as_str()
            )
        );
    }

    /// The default page is about 5 MB with about 20,000 items; counted from
    /// the generator alone (parsing 5 MB in a debug build is slow).
    #[test]
    fn default_page_size() {
        let page = default_listing();
        // Pinned: the figures in BENCHMARKS.md are for this exact page.
        assert_eq!((page.html.len(), page.items), (5_371_873, 19_088));
        let mb = page.html.len() as f64 / 1e6;
        assert!((4.5..5.5).contains(&mb), "{mb} MB");
        assert!(
            (18_000..22_000).contains(&page.items),
            "{} items",
            page.items
        );
        assert_eq!(page.html.matches("itemscope").count(), page.items);
    }

    #[test]
    fn helpers() {
        assert_eq!(
            slug("Pebble & Co. Chef's Knife – Sage"),
            "pebble-co-chef-s-knife-sage"
        );
        assert_eq!(money(1234), "12.34");
        assert_eq!(money(5), "0.05");
    }
}
