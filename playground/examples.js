// The examples menu: each a layout document as a client would send it.
(function (root) {
  "use strict";
  const examples = [
    {
      name: "Card (the README's)",
      document: {
        direction: "ltr",
        views: [
          { id: "root", frame: { x: 0, y: 0, width: 375, height: 667 } },
          { id: "card", superview: "root", margins: { top: 8, left: 16, bottom: 8, right: 16 } },
          { id: "title", superview: "card", intrinsicSize: { width: 120, height: 21 } },
        ],
        constraints: [
          { view: "card", attributes: "edges", to: "superview", inset: 20, source: { file: "CardView.swift", line: 31 } },
          { view: "title", attributes: ["top", "leading"], to: "card", offset: 12, label: "title-anchor" },
          "title.trailing <= card.trailing - 12 @750",
          { id: "title-min-width", expr: "title.width >= 44" },
        ],
      },
    },
    {
      name: "Sign-in form",
      document: {
        views: [
          { id: "root", frame: { x: 0, y: 0, width: 375, height: 667 } },
          { id: "form", superview: "root" },
          { id: "userLabel", superview: "form", intrinsicSize: { width: 80, height: 21 }, hugging: { horizontal: 251, vertical: 250 } },
          { id: "userField", superview: "form", intrinsicSize: { width: 40, height: 34 } },
          { id: "passLabel", superview: "form", intrinsicSize: { width: 80, height: 21 }, hugging: { horizontal: 251, vertical: 250 } },
          { id: "passField", superview: "form", intrinsicSize: { width: 40, height: 34 } },
          { id: "signIn", superview: "form", intrinsicSize: { width: 90, height: 44 } },
        ],
        constraints: [
          { view: "form", attributes: ["leading", "trailing"], to: "superview", inset: 24, source: { file: "SignInView.swift", line: 12 } },
          { view: "form", attributes: "centerY", to: "superview" },
          "userLabel.leading == form.leading",
          "userLabel.centerY == userField.centerY",
          "userField.leading == userLabel.trailing + 8",
          "userField.trailing == form.trailing",
          "userField.top == form.top",
          "passLabel.leading == form.leading",
          "passLabel.width == userLabel.width",
          "passLabel.centerY == passField.centerY",
          "passField.leading == passLabel.trailing + 8",
          "passField.trailing == form.trailing",
          "passField.top == userField.bottom + 12",
          "signIn.top == passField.bottom + 20",
          "signIn.centerX == form.centerX",
          "signIn.bottom == form.bottom",
        ],
      },
    },
    {
      name: "List of rows",
      document: {
        views: [{ id: "root", frame: { x: 0, y: 0, width: 375, height: 320 } }].concat(
          [0, 1, 2, 3].flatMap((i) => [
            { id: "row" + i, superview: "root" },
            { id: "avatar" + i, superview: "row" + i },
            { id: "name" + i, superview: "row" + i, intrinsicSize: { width: 140, height: 20 } },
            { id: "badge" + i, superview: "row" + i, intrinsicSize: { width: 24, height: 20 } },
          ])),
        constraints: [0, 1, 2, 3].flatMap((i) => [
          { view: "row" + i, attributes: ["leading", "trailing"], to: "superview" },
          i === 0 ? "row0.top == superview.top" : "row" + i + ".top == row" + (i - 1) + ".bottom",
          "row" + i + ".height == 64",
          { view: "avatar" + i, attributes: "size", to: { width: 40, height: 40 } },
          "avatar" + i + ".leading == superview.leading + 16",
          "avatar" + i + ".centerY == superview.centerY",
          "name" + i + ".leading == avatar" + i + ".trailing + 12",
          "name" + i + ".centerY == superview.centerY",
          "badge" + i + ".trailing == superview.trailing - 16",
          "badge" + i + ".centerY == superview.centerY",
          "name" + i + ".trailing <= badge" + i + ".leading - 8",
        ]),
      },
    },
    {
      name: "A conflict",
      document: {
        views: [
          { id: "root", frame: { x: 0, y: 0, width: 320, height: 480 } },
          { id: "banner", superview: "root" },
          { id: "logo", superview: "banner", intrinsicSize: { width: 64, height: 64 } },
        ],
        constraints: [
          { view: "banner", attributes: ["top", "leading", "trailing"], to: "superview", source: { file: "BannerView.swift", line: 18 } },
          { view: "banner", attributes: "height", to: 100, source: { file: "BannerView.swift", line: 19 } },
          { view: "logo", attributes: "center", to: "superview", source: { file: "BannerView.swift", line: 24 } },
          { id: "logo-top", view: "logo", attributes: "top", to: "superview", offset: 8, label: "logo-top", source: { file: "BannerView.swift", line: 25 } },
          { id: "logo-height", expr: "logo.height == 120", source: { file: "BannerView.swift", line: 26 } },
        ],
      },
    },
    {
      name: "An ambiguous layout",
      document: {
        views: [
          { id: "root", frame: { x: 0, y: 0, width: 375, height: 200 } },
          { id: "first", superview: "root" },
          { id: "second", superview: "root" },
        ],
        constraints: [
          "first.leading == superview.leading + 16",
          "second.trailing == superview.trailing - 16",
          "second.leading >= first.trailing + 8",
          { view: "first", attributes: ["top", "bottom"], to: "superview", inset: 40 },
          { view: "second", attributes: ["top", "bottom"], to: "superview", inset: 40 },
        ],
      },
    },
    {
      name: "Right to left",
      document: {
        direction: "rtl",
        views: [
          { id: "root", frame: { x: 0, y: 0, width: 375, height: 120 } },
          { id: "icon", superview: "root" },
          { id: "label", superview: "root", intrinsicSize: { width: 160, height: 21 } },
        ],
        constraints: [
          { view: "icon", attributes: "size", to: { width: 44, height: 44 } },
          "icon.leading == superview.leading + 16",
          "icon.centerY == superview.centerY",
          "label.leading == icon.trailing + 12",
          "label.centerY == icon.centerY",
          "label.trailing <= superview.trailing - 16",
        ],
      },
    },
    {
      name: "A row in VFL",
      document: {
        metrics: { pad: 16 },
        views: [
          { id: "root", frame: { x: 0, y: 0, width: 375, height: 120 } },
          { id: "icon", superview: "root" },
          { id: "title", superview: "root", intrinsicSize: { width: 160, height: 21 } },
          { id: "badge", superview: "root", intrinsicSize: { width: 24, height: 24 } },
        ],
        constraints: [
          { id: "row", vfl: "H:|-(pad)-[icon(44)]-[title]-(>=8)-[badge]-(pad)-|", options: ["alignAllCenterY"] },
          "V:|-(pad)-[icon(44)]",
        ],
      },
    },
  ];
  root.TrellisExamples = examples;
  if (typeof module !== "undefined" && module.exports) module.exports = examples;
})(typeof window !== "undefined" ? window : globalThis);
