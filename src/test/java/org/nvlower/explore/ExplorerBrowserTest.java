package org.nvlower.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.nvlower.pipeline.Libdevice;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The page in a real headless Chromium: every bundled example shows its stages, a verify run
 * completes with its counts, an error is highlighted in the editor. Skipped, with the reason, where
 * Debian's chromium and chromium-driver are absent. Screenshots go to target/screenshots (or
 * where -Dnvlower.screenshots says: docs/ for the ones the documentation shows).
 */
class ExplorerBrowserTest {

    static Explorer explorer;
    static ChromeDriver browser;
    /** Chromium's TMPDIR: it leaves a folder with its singleton socket there after quitting. */
    static Path browserTmp;

    static Optional<Path> executable(String... candidates) {
        for (String c : candidates) {
            Path p = Path.of(c);
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    @BeforeAll
    static void start() throws Exception {
        Optional<Path> chromium = executable("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome");
        Optional<Path> driver = executable("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");
        Assumptions.assumeTrue(chromium.isPresent() && driver.isPresent(),
                "no headless browser: apt-get install chromium chromium-driver (.ci/run does)");
        explorer = Explorer.start(0, null);
        ChromeOptions options = new ChromeOptions().setBinary(chromium.get().toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--window-size=1600,1000");
        browserTmp = Files.createTempDirectory("nvlower-browser");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver.get().toFile())
                .usingAnyFreePort().withEnvironment(Map.of("TMPDIR", browserTmp.toString())).build();
        browser = new ChromeDriver(service, options);
        browser.manage().window().setSize(new Dimension(1600, 1000));
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        if (explorer != null) {
            explorer.close();
        }
        if (browserTmp != null) {
            try (Stream<Path> files = Files.walk(browserTmp)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    static WebDriverWait waiting(int seconds) {
        return new WebDriverWait(browser, Duration.ofSeconds(seconds));
    }

    /** Each pane's stages, as the page names them ("fold, reflect" where two left the text alike). */
    static List<String> paneNames() {
        return browser.findElements(By.cssSelector("#stages .pane")).stream()
                .map(p -> p.getAttribute("data-stage")).toList();
    }

    static boolean hasPane(List<String> names, String stage) {
        return names.stream().anyMatch(n -> List.of(n.split(", ")).contains(stage));
    }

    static void screenshot(String name) throws Exception {
        Path dir = Path.of(System.getProperty("nvlower.screenshots", "target/screenshots"));
        Files.createDirectories(dir);
        Files.write(dir.resolve(name), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    static void open() {
        browser.get(explorer.uri().toString());
        waiting(60).until(d -> !d.findElements(By.cssSelector("#stages .pane")).isEmpty());
    }

    static void choose(String example) {
        new Select(browser.findElement(By.id("example"))).selectByVisibleText(example);
        waiting(90).until(d -> d.findElement(By.id("status")).getText().contains("stage"));
    }

    @Test
    void everyExampleShowsItsStages() throws Exception {
        open();
        boolean lib = Files.exists(Libdevice.defaultPath());
        boolean llc = Llc.find().isPresent();
        choose("PTX kernel with div/sqrt");
        assertEquals(List.of("SASS templates"), paneNames());
        assertTrue(browser.findElement(By.cssSelector("#stages pre")).getText().contains("MUFU.RCP"));
        assertTrue(!browser.findElements(By.cssSelector("#stages .l.fast")).isEmpty()
                && !browser.findElements(By.cssSelector("#stages .l.slow")).isEmpty(), "fast and slow paths marked");
        choose("fp128/i128 kernel (LLVM IR)");
        List<String> names = paneNames();
        assertTrue(hasPane(names, "lower128"), names.toString());
        if (llc) {
            assertTrue(hasPane(names, "PTX (llc)") && hasPane(names, "SASS templates"), names.toString());
        }
        choose("MLIR math kernel");
        names = paneNames();
        assertEquals("mathlower", names.get(0), names.toString());
        if (lib && llc) {
            assertTrue(hasPane(names, "link-libdevice") && hasPane(names, "lower128") && hasPane(names, "PTX (llc)")
                    && hasPane(names, "SASS templates"), names.toString());
            // hovering a function's definition lights it in every pane that defines it
            WebElement def = browser.findElements(By.cssSelector("#stages .l[data-keys~='@sqrt']")).get(0);
            new org.openqa.selenium.interactions.Actions(browser).moveToElement(def).perform();
            assertTrue(browser.findElements(By.cssSelector("#stages .l.hl")).size() >= 3);
        }
        screenshot("explore-mlir.png");
        browser.findElement(By.id("theme")).click();
        assertEquals("light", browser.findElement(By.tagName("html")).getAttribute("data-theme"));
        screenshot("explore-light.png");
        browser.findElement(By.id("theme")).click();
    }

    @Test
    void aVerifyRunCompletesWithItsCounts() throws Exception {
        open();
        new Select(browser.findElement(By.id("op"))).selectByVisibleText("div.approx.f32");
        new Select(browser.findElement(By.id("cases"))).selectByVisibleText("random");
        WebElement n = browser.findElement(By.id("n"));
        n.clear();
        n.sendKeys("50000");
        browser.findElement(By.id("verify")).click();
        waiting(120).until(d -> d.findElement(By.id("vsummary")).getText().startsWith("done"));
        assertEquals("done: 50,000 of 50,000 cases, 0 mismatch(es)", browser.findElement(By.id("vsummary")).getText());
        assertTrue(browser.findElement(By.cssSelector("#vresult pre")).getText().contains("max error"));
        assertEquals(8, browser.findElements(By.cssSelector("#vresult svg rect")).size());
        screenshot("explore-verify.png");
    }

    @Test
    void anErrorIsHighlightedInTheEditor() throws Exception {
        open();
        WebElement text = browser.findElement(By.id("text"));
        ((JavascriptExecutor) browser).executeScript("arguments[0].value = arguments[1];", text,
                "define i32 @f(i32 %a) {\n  %b = add i32 %a,\n  ret i32 %b\n}\n");
        new Select(browser.findElement(By.id("lang"))).selectByValue("llvm");
        browser.findElement(By.id("run")).click();
        waiting(30).until(d -> d.findElement(By.id("error")).isDisplayed());
        assertTrue(browser.findElement(By.id("error")).getText().startsWith("input.ll:3:3: error: expected value token"),
                browser.findElement(By.id("error")).getText());
        WebElement mark = browser.findElement(By.cssSelector("#backdrop mark.errline"));
        assertEquals("  ret i32 %b", mark.getAttribute("textContent"));
        screenshot("explore-error.png");
    }
}
