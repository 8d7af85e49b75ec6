//! The value-class pattern: which elements give pieces, what each piece is,
//! and the date and time joining rules of `dt-*`.

use serde_json::json;

use crate::{json, mf2};

/// The properties of the only item.
fn props(html: &str) -> serde_json::Value {
    json(&mf2(html))["items"][0]["properties"].clone()
}

#[test]
fn p_pieces_are_concatenated_without_separators() {
    let p = props(
        r#"<div class="h-x"><p class="p-name">Dr <span class="value">Ada</span>
        and <span class="value"> King </span> <b class="value">!</b></p></div>"#,
    );
    assert_eq!(p["name"], json!(["Ada King !"]));
}

#[test]
fn pieces_by_element() {
    let p = props(
        r#"<div class="h-x">
        <p class="p-a"><img class="value" alt="alt" src="x.png"><area class="value" alt="-area"></p>
        <p class="p-b"><data class="value" value="data">no</data><data class="value">text</data></p>
        <p class="p-c"><abbr class="value" title="abbr">no</abbr><abbr class="value">text</abbr></p>
        <p class="p-d"><span class="value-title" title="vt">no</span> ignored</p>
        <p class="p-e"><time class="value" datetime="2000-01-01">text</time></p>
        <p class="p-f"><img class="value"></p>
        </div>"#,
    );
    assert_eq!(p["a"], json!(["alt-area"]));
    assert_eq!(p["b"], json!(["datatext"]));
    assert_eq!(p["c"], json!(["abbrtext"]));
    assert_eq!(p["d"], json!(["vt"]));
    // `datetime` only counts for dt-* properties.
    assert_eq!(p["e"], json!(["text"]));
    // A value element with nothing to give still counts: the value is "".
    assert_eq!(p["f"], json!([""]));
}

#[test]
fn search_stops_at_values_properties_and_microformats() {
    let doc = mf2(r#"<div class="h-x"><p class="p-name">
        <span class="value">A<span class="value">B</span>C</span>
        <span class="p-inner"><span class="value">no</span></span>
        <span class="h-child"><span class="value">no</span></span>
        <span class="value p-other">D</span>
        <span><span><span class="value">E</span></span></span>
        <template class="value">no</template>
        </p></div>"#);
    let v = json(&doc);
    assert_eq!(v["items"][0]["properties"]["name"], json!(["ABCDE"]));
    // The value element that is a property is also parsed as one.
    assert_eq!(v["items"][0]["properties"]["other"], json!(["D"]));
    assert_eq!(v["items"][0]["children"][0]["type"], json!(["h-child"]));
}

#[test]
fn the_pattern_comes_before_other_sources() {
    let p = props(
        r#"<div class="h-x">
        <abbr class="p-a" title="no">x <span class="value">yes</span></abbr>
        <a class="u-b" href="/href"><span class="value">/ignored</span></a>
        <abbr class="u-c" title="no"><span class="value">/vcp</span></abbr>
        <time class="dt-d" datetime="1999-01-01"><span class="value">2000-02-02</span></time>
        </div>"#,
    );
    assert_eq!(p["a"], json!(["yes"]));
    // u-*: URL attributes first, then the pattern (resolved).
    assert_eq!(p["b"], json!(["https://example.com/href"]));
    assert_eq!(p["c"], json!(["https://example.com/vcp"]));
    assert_eq!(p["d"], json!(["2000-02-02"]));
}

#[test]
fn dt_joins_the_first_date_time_and_zone() {
    let p = props(
        r#"<div class="h-x">
        <p class="dt-a"><span class="value">2009-06-26</span> at <span class="value">7pm</span></p>
        <p class="dt-b"><span class="value">19:30</span> on <time class="value" datetime="2009-06-26">the 26th</time></p>
        <p class="dt-c"><span class="value">2009-06-26</span><span class="value">19:00:00</span><span class="value">-08:00</span></p>
        <p class="dt-d"><span class="value">2009-06-26</span><span class="value">2010-01-01</span><span class="value">19:00Z</span><span class="value">20:00</span></p>
        <p class="dt-e"><span class="value-title" title="2013-034"> </span>3 Feb</p>
        <p class="dt-f"><span class="value">07:00:00 p.m.</span><span class="value">2009-06-26</span></p>
        <p class="dt-g"><span class="value">2009-06-26T10:00:00+01:00</span></p>
        </div>"#,
    );
    assert_eq!(p["a"], json!(["2009-06-26 19:00"]));
    assert_eq!(p["b"], json!(["2009-06-26 19:30"]));
    assert_eq!(p["c"], json!(["2009-06-26 19:00:00-0800"]));
    assert_eq!(p["d"], json!(["2009-06-26 19:00Z"]));
    assert_eq!(p["e"], json!(["2013-034"]));
    assert_eq!(p["f"], json!(["2009-06-26 19:00:00"]));
    // One piece, nothing joined: its offset stays as written.
    assert_eq!(p["g"], json!(["2009-06-26 10:00:00+01:00"]));
}

#[test]
fn dt_without_a_date_or_time_falls_back() {
    let p = props(
        r#"<div class="h-x">
        <p class="dt-a">Soon: <span class="value">NotADate</span>!</p>
        <time class="dt-b" datetime="2009-06-26T19:00-08:00"><span class="value"></span>x</time>
        <abbr class="dt-c" title="2000-01-01T00:00:00-08:00">New Year</abbr>
        <data class="dt-d" value="2001-01-01"></data>
        <input class="dt-e" value="2002-01-01">
        <p class="dt-f"> 2003-01-01 </p>
        </div>"#,
    );
    assert_eq!(p["a"], json!(["Soon: NotADate!"]));
    // Attributes and text are kept as written.
    assert_eq!(p["b"], json!(["2009-06-26T19:00-08:00"]));
    assert_eq!(p["c"], json!(["2000-01-01T00:00:00-08:00"]));
    assert_eq!(p["d"], json!(["2001-01-01"]));
    assert_eq!(p["e"], json!(["2002-01-01"]));
    assert_eq!(p["f"], json!(["2003-01-01"]));
}

#[test]
fn a_time_takes_the_date_of_an_earlier_dt_property() {
    let doc = mf2(r#"<div class="h-event">
        <span class="dt-start"><time class="value" datetime="2009-06-26">26 July</time>,
          <time class="value">19:00</time></span> to
        <span class="dt-end"><time class="value">22:00-06:00</time></span>
        <time class="dt-other" datetime="23:15">late</time>
        <div class="h-event"><span class="dt-end"><span class="value">10:00</span></span></div>
        </div>"#);
    let v = json(&doc);
    let p = &v["items"][0]["properties"];
    assert_eq!(p["start"], json!(["2009-06-26 19:00"]));
    assert_eq!(p["end"], json!(["2009-06-26 22:00-0600"]));
    assert_eq!(p["other"], json!(["2009-06-26 23:15"]));
    // The date belongs to the item: a nested item does not see it.
    assert_eq!(
        v["items"][0]["children"][0]["properties"]["end"],
        json!(["10:00"])
    );
}

#[test]
fn e_properties_ignore_the_pattern() {
    let p = props(r#"<div class="h-x"><div class="e-c">a<span class="value">b</span></div></div>"#);
    assert_eq!(
        p["c"],
        json!([{"html": "a<span class=\"value\">b</span>", "value": "ab"}])
    );
}
