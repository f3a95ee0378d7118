import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { visibleStock } from './stock';

const page = (body: string) => load(`<html><body><h1>Oak chair</h1>${body}</body></html>`);

describe('visibleStock', () => {
  it.each([
    ['<button>Add to basket</button>'],
    ['<button type="submit">In den Warenkorb</button>'],
    ['<input type="submit" value="Ajouter au panier">'],
    ['<a class="btn" href="/cart/add?id=1">Aggiungi al carrello</a>'],
    ['<button><span>Añadir al carrito</span></button>'],
    ['<button>Dodaj do koszyka</button>'],
    ['<button>Lägg i varukorgen</button>'],
    ['<button class="btn"><i class="fa fa-cart"></i>Do košíka</button>'],
    ['<a class="buy" href="/cart/add">加入購物車</a>'],
    ['<button type="button">바로구매</button>'],
  ])('sees an enabled buy button as in stock: %s', (html) => {
    expect(visibleStock(page(html))).toBe('in_stock');
  });

  it.each([
    ['<p class="availability">Out of stock</p>'],
    ['<span>Ausverkauft</span>'],
    ['<div>Rupture de stock</div>'],
    ['<span>Agotado</span>'],
    ['<span>Esaurito</span>'],
    ['<span>Uitverkocht</span>'],
    ['<button disabled>Add to basket</button><p>Sold out</p>'],
  ])('sees a sold-out text without a usable buy button as out of stock: %s', (html) => {
    expect(visibleStock(page(html))).toBe('out_of_stock');
  });

  it('says unknown when the page shows neither, or both', () => {
    expect(visibleStock(page('<p>A fine chair.</p>'))).toBe('unknown');
    expect(visibleStock(page('<button>Add to cart</button><p>Out of stock</p>'))).toBe('unknown');
  });

  it('does not read sentences that mention unavailability as sold out', () => {
    const html = '<button>Add to basket</button><p>Click &amp; collect is not available for this item</p>';
    expect(visibleStock(page(html))).toBe('in_stock');
    expect(visibleStock(page('<p>Availability: Sold out</p>'))).toBe('out_of_stock');
  });

  it('does not take links that merely mention buying for a buy button', () => {
    expect(visibleStock(page('<a href="/shops">Где купить?</a>'))).toBe('unknown');
    expect(visibleStock(page('<a href="/help">How to buy now and pay later</a>'))).toBe('unknown');
  });

  it('ignores hidden sold-out templates and long texts that merely mention buying', () => {
    expect(visibleStock(page('<button>Add to cart</button><p style="display:none">Sold out</p>'))).toBe(
      'in_stock',
    );
    const article = `<a href="/guide">${'How to choose a chair before you buy now or later, and why it matters. '.repeat(2)}</a>`;
    expect(visibleStock(page(article))).toBe('unknown');
  });

  it.each([
    ['<p class="availability">Availability: <span>In stock</span></p>'],
    ['<span>Auf Lager</span>'],
    ['<li><strong>Razpoložljivost:</strong> Dobavljivo</li>'],
    ['<p>3 in stock</p>'],
    ['<div>Disponible</div>'],
  ])('reads an in-stock notice as in stock: %s', (html) => {
    expect(visibleStock(page(html))).toBe('in_stock');
  });

  it('does not read texts that merely start like an in-stock notice', () => {
    expect(visibleStock(page('<p>Available colours: red, blue</p>'))).toBe('unknown');
    expect(visibleStock(page('<p>In stock soon</p>'))).toBe('unknown');
    expect(visibleStock(page('<p>Not available</p>'))).toBe('out_of_stock');
    expect(visibleStock(page('<p>In stock</p><p>Sold out</p>'))).toBe('unknown');
  });

  it("leaves a seller's or variant's stock row to that row", () => {
    const rows = `<table>
      <tr><td><a href="/go/shop-a">Shop A</a></td><td><strong>Out of stock</strong></td></tr>
      <tr><td><a href="/go/shop-b">Shop B</a></td><td>£12.00</td></tr></table>`;
    expect(visibleStock(page(`${rows}<button>Add to cart</button>`))).toBe('in_stock');
    expect(visibleStock(page('<ul><li>Sku: 12</li><li>Out of stock</li></ul>'))).toBe('out_of_stock');
  });
});
