#!/usr/bin/env python3
"""PyTorch twin of pate's headline teacher and student, for the side-by-side benchmark.

The networks, initialisation family, augmentation, optimiser and learning-rate schedule follow
pate's (ensemble/.../nn/NetworkBuilder.java, ensemble/.../augment/ImageAugmenter.java,
student/.../SelfTrainingStudent.java, experiments/mnist-250-confident-gnmax.yaml):

- teacher: conv 5x5x16 ReLU, max-pool 2, conv 5x5x32 ReLU, max-pool 2, dense 128 ReLU, softmax;
  Xavier-normal weights, zero biases; Adam 6e-3 falling linearly in 100 pieces; batch 32; each
  epoch on freshly shifted (+-2 px) and rotated (+-15 deg, bilinear) copies of the 240 images.
- student: conv 32/64, dense 128 with dropout 0.25 on its input, L2 1e-4 on weights, Adam 5e-3;
  steps of 16 weakly augmented labelled + 48 strongly augmented pseudo-labelled pool images; the
  pool pseudo-labelled once an epoch by a moving average of the weights (decay 0.995).

Add flush-denormal to any command (or to serve) to flush subnormal floats to zero in the process.
Run alone:  python3 pate_teacher_student.py teacher [teachers] [images] [epochs] [workers] [threads]
            python3 pate_teacher_student.py student [epochs] [threads]
            python3 pate_teacher_student.py sgemm [threads]
            python3 pate_teacher_student.py batches [images a round] [rounds] [channels-last]
or as `serve`, reading those commands one a line on stdin and answering each with one JSON line
(the Java driver dev.pate.benchmarks.SideBySide does this, to alternate with pate in one run).
MNIST is read from $PATE_MNIST or ../shared/data/mnist (gzip IDX files).
"""
import gzip
import json
import math
import multiprocessing as mp
import os
import struct
import sys
import tempfile
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

MNIST = os.environ.get("PATE_MNIST", os.path.join("..", "shared", "data", "mnist"))
MAX_SHIFT = 2
MAX_ROTATION_DEGREES = 15.0
DECAY_PIECES = 100


def read_idx(name):
    with gzip.open(os.path.join(MNIST, name), "rb") as f:
        magic, count = struct.unpack(">II", f.read(8))
        if magic == 2051:
            rows, cols = struct.unpack(">II", f.read(8))
            return np.frombuffer(f.read(), np.uint8).reshape(count, 1, rows, cols)
        return np.frombuffer(f.read(), np.uint8).astype(np.int64)


def mnist():
    def images(name):
        return torch.from_numpy(read_idx(name).astype(np.float32) / 255.0)
    return (images("train-images-idx3-ubyte.gz"),
            torch.from_numpy(read_idx("train-labels-idx1-ubyte.gz")),
            images("t10k-images-idx3-ubyte.gz"),
            torch.from_numpy(read_idx("t10k-labels-idx1-ubyte.gz")))


def network(filters, dropout=0.0):
    """pate's cnn: a valid 5x5 ReLU convolution + 2x2 max-pool per entry, dense 128, 10 outputs."""
    layers, channels, side = [], 1, 28
    for f in filters:
        layers += [nn.Conv2d(channels, f, 5), nn.ReLU(), nn.MaxPool2d(2)]
        channels, side = f, (side - 4) // 2
    layers.append(nn.Flatten())
    if dropout > 0:
        layers.append(nn.Dropout(dropout))
    layers += [nn.Linear(channels * side * side, 128), nn.ReLU(), nn.Linear(128, 10)]
    net = nn.Sequential(*layers)
    for m in net.modules():
        if isinstance(m, (nn.Conv2d, nn.Linear)):
            nn.init.xavier_normal_(m.weight)  # DL4J XAVIER: N(0, 2 / (fan_in + fan_out))
            nn.init.zeros_(m.bias)
    return net


def multiply_adds(filters):
    total, channels, side = 0, 1, 28
    for f in filters:
        side -= 4
        total += side * side * channels * f * 25
        side //= 2
        channels = f
    return total + channels * side * side * 128 + 128 * 10


def linear_decay(rate, steps):
    """pate's NetworkBuilder.linearDecay: DECAY_PIECES equal steps down to rate / DECAY_PIECES."""
    pieces = min(steps, DECAY_PIECES)
    return lambda step: rate * (1 - min(pieces - 1, step * pieces // steps) / pieces)


def augment(images, generator, shift, rotate, cutout=False):
    """Each image shifted by whole pixels and rotated about its centre, sampled bilinearly."""
    n = images.shape[0]
    side = images.shape[-1]
    if shift:
        d = torch.randint(-MAX_SHIFT, MAX_SHIFT + 1, (n, 2), generator=generator).float()
    else:
        d = torch.zeros(n, 2)
    angle = ((2 * torch.rand(n, generator=generator) - 1) * math.radians(MAX_ROTATION_DEGREES)
             if rotate else torch.zeros(n))
    cos, sin = torch.cos(angle), torch.sin(angle)
    # Output pixel u (normalised, align_corners) reads the source at R(-angle) (u - shift).
    scale = 2.0 / (side - 1)
    theta = torch.stack([torch.stack([cos, sin, -(cos * d[:, 0] + sin * d[:, 1]) * scale], 1),
                         torch.stack([-sin, cos, (sin * d[:, 0] - cos * d[:, 1]) * scale], 1)], 1)
    grid = F.affine_grid(theta, list(images.shape), align_corners=True)
    out = F.grid_sample(images, grid, mode="bilinear", padding_mode="zeros", align_corners=True)
    if cutout:
        size = max(1, side // 4)
        cy = torch.randint(0, side, (n,), generator=generator)
        cx = torch.randint(0, side, (n,), generator=generator)
        ys = torch.arange(side).view(1, side, 1)
        xs = torch.arange(side).view(1, 1, side)
        y0 = (cy - size // 2).view(n, 1, 1)
        x0 = (cx - size // 2).view(n, 1, 1)
        hole = (ys >= y0) & (ys < y0 + size) & (xs >= x0) & (xs < x0 + size)
        out = out.masked_fill(hole.unsqueeze(1), 0.0)
    return out


def accuracy(net, images, labels):
    net.eval()
    with torch.no_grad():
        predicted = torch.cat([net(images[i:i + 512]).argmax(1)
                               for i in range(0, len(images), 512)])
    net.train()
    return (predicted == labels).float().mean().item()


def train_teacher(images, labels, epochs, seed, channels_last):
    torch.manual_seed(seed)
    generator = torch.Generator().manual_seed(seed)
    net = network([16, 32])
    if channels_last:
        net = net.to(memory_format=torch.channels_last)
    steps = epochs * ((len(images) + 31) // 32)
    rate = linear_decay(0.006, steps)
    optimiser = torch.optim.Adam(net.parameters(), lr=rate(0), betas=(0.9, 0.999), eps=1e-8)
    step = 0
    for _ in range(epochs):
        epoch_images = augment(images, generator, shift=True, rotate=True)
        if channels_last:
            epoch_images = epoch_images.contiguous(memory_format=torch.channels_last)
        order = torch.randperm(len(images), generator=generator)
        for start in range(0, len(images), 32):
            batch = order[start:start + 32]
            for group in optimiser.param_groups:
                group["lr"] = rate(step)
            optimiser.zero_grad(set_to_none=True)
            F.cross_entropy(net(epoch_images[batch]), labels[batch]).backward()
            optimiser.step()
            step += 1
    return net


# Worker processes of the "N workers x 1 thread" layout: data loaded once per process.
_DATA = None


def _worker_init(threads):
    global _DATA
    torch.set_num_threads(threads)
    _DATA = mnist()


def _teacher_job(job):
    index, images, epochs, channels_last = job
    cpu = time.process_time()
    train_x, train_y, test_x, test_y = _DATA
    rows = slice(index * images, (index + 1) * images)
    net = train_teacher(train_x[rows], train_y[rows], epochs, 1000 + index, channels_last)
    # Evaluated and saved like pate's teachers: on test images 9000..9999, to a file.
    held = accuracy(net, test_x[9000:], test_y[9000:])
    with tempfile.TemporaryDirectory() as folder:
        torch.save(net.state_dict(), os.path.join(folder, "teacher-%03d.pt" % index))
    return held, time.process_time() - cpu


class Teachers:
    """Trains teachers on disjoint 240-image slices in a pool of warm worker processes."""

    def __init__(self):
        self.pools = {}

    def run(self, teachers, images, epochs, workers, threads, channels_last=False):
        key = (workers, threads)
        if key not in self.pools:
            pool = mp.get_context("spawn").Pool(workers, _worker_init, (threads,))
            # Warm-up, untimed, like pate's: one teacher per worker.
            pool.map(_teacher_job, [(i, images, 1, channels_last) for i in range(workers)])
            self.pools[key] = pool
        start = time.perf_counter()
        results = self.pools[key].map(
            _teacher_job, [(i, images, epochs, channels_last) for i in range(teachers)],
            chunksize=1)
        seconds = time.perf_counter() - start
        accuracies = [a for a, _ in results]
        cpu_seconds = sum(c for _, c in results)
        image_epochs = teachers * images * epochs
        flops = 6.0 * multiply_adds([16, 32])
        return {"side": "pytorch", "what": "teacher", "workers": workers, "threads": threads,
                "channels_last": channels_last, "seconds": seconds, "cpu_seconds": cpu_seconds,
                "images_per_second": image_epochs / seconds,
                "gflops": image_epochs / seconds * flops / 1e9,
                "accuracy": sum(accuracies) / len(accuracies)}

    def close(self):
        for pool in self.pools.values():
            pool.terminate()


def student(epochs, threads, labelled_count=400, warmup=1):
    """Self-training as pate's SelfTrainingStudent; times every epoch. An epoch whose moving
    average is sure of no pool image trains on the labelled images alone, as pate's does."""
    torch.set_num_threads(threads)
    _, _, test_x, test_y = mnist()
    pool_x, pool_y = test_x[:9000], test_y[:9000]
    held_x, held_y = test_x[9000:], test_y[9000:]
    labelled_x, labelled_y = pool_x[:labelled_count], pool_y[:labelled_count]
    torch.manual_seed(7)
    generator = torch.Generator().manual_seed(7)
    net = network([32, 64], dropout=0.25)
    average = network([32, 64], dropout=0.25)
    average.load_state_dict(net.state_dict())
    batch, pool_batch = 16, 48
    steps_per_epoch = (len(pool_x) + pool_batch - 1) // pool_batch
    rate = linear_decay(0.005, epochs * steps_per_epoch)
    weights = [p for n, p in net.named_parameters() if n.endswith("weight")]
    biases = [p for n, p in net.named_parameters() if n.endswith("bias")]
    optimiser = torch.optim.Adam([{"params": weights, "weight_decay": 1e-4},
                                  {"params": biases, "weight_decay": 0.0}], lr=rate(0))
    step, times, cpu_times = 0, [], []
    for epoch in range(1, epochs + 1):
        start, cpu = time.perf_counter(), time.process_time()
        confident = None
        if epoch > warmup:
            average.eval()
            with torch.no_grad():
                p = torch.cat([F.softmax(average(pool_x[i:i + 512]), 1)
                               for i in range(0, len(pool_x), 512)])
            top, predicted = p.max(1)
            confident = (top >= 0.95).nonzero().flatten()
            pseudo = predicted[confident]
        for _ in range(steps_per_epoch):
            which = torch.randint(0, len(labelled_x), (batch,), generator=generator)
            x = augment(labelled_x[which], generator, shift=True, rotate=False)
            y = labelled_y[which]
            if confident is not None and len(confident) > 0:
                draw = torch.randint(0, len(confident), (pool_batch,), generator=generator)
                x = torch.cat([x, augment(pool_x[confident[draw]], generator, shift=True,
                                          rotate=True, cutout=True)])
                y = torch.cat([y, pseudo[draw]])
            for group in optimiser.param_groups:
                group["lr"] = rate(step)
            optimiser.zero_grad(set_to_none=True)
            F.cross_entropy(net(x), y).backward()
            optimiser.step()
            step += 1
            with torch.no_grad():
                for a, w in zip(average.parameters(), net.parameters()):
                    a.mul_(0.995).add_(w, alpha=0.005)
        held = accuracy(average, held_x, held_y)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu)
    used = 0 if confident is None else len(confident)
    return {"side": "pytorch", "what": "student", "threads": threads, "pseudo_labels": used,
            "epoch_seconds": times,
            "epoch_cpu_seconds": cpu_times,
            "accuracy": held}


def sgemm(threads):
    torch.set_num_threads(threads)
    a, b = torch.rand(1024, 1024), torch.rand(1024, 1024)
    best = float("inf")
    for _ in range(8):
        start = time.perf_counter()
        torch.mm(a, b)
        best = min(best, time.perf_counter() - start)
    return {"side": "pytorch", "what": "sgemm", "threads": threads, "gflops": 2 * 1024**3 / best / 1e9}


def batches(images, rounds, channels_last):
    """The teacher network's training step on random batches of 32..256 images, one thread:
    processor time per image (median over rounds), the twin of dev.pate.benchmarks.BatchScaling."""
    torch.set_num_threads(1)
    sizes = [32, 64, 128, 256]
    nets, data = [], []
    for size in sizes:
        torch.manual_seed(7)
        net = network([16, 32])
        x = torch.rand(size, 1, 28, 28)
        if channels_last:
            net = net.to(memory_format=torch.channels_last)
            x = x.contiguous(memory_format=torch.channels_last)
        nets.append((net, torch.optim.Adam(net.parameters(), lr=0.006)))
        data.append((x, torch.arange(size) % 10))
    times = [[] for _ in sizes]
    for round in range(-1, rounds):  # round -1 warms up, untimed
        for k, size in enumerate(sizes):
            (net, optimiser), (x, y) = nets[k], data[k]
            steps = images // size
            start = time.process_time()
            for _ in range(steps):
                optimiser.zero_grad(set_to_none=True)
                F.cross_entropy(net(x), y).backward()
                optimiser.step()
            if round >= 0:
                times[k].append((time.process_time() - start) * 1e6 / (steps * size))
    medians = [sorted(t)[len(t) // 2] for t in times]
    return {"side": "pytorch", "what": "batches", "channels_last": channels_last,
            "microseconds_per_image": dict(zip(map(str, sizes), medians)),
            "images_per_second": {str(s): 1e6 / m for s, m in zip(sizes, medians)}}


def command(words, teachers):
    what, args = words[0], [int(w) for w in words[1:] if w.lstrip("-").isdigit()]
    if what == "teacher":
        defaults = [8, 240, 15, 2, 1]
        t, i, e, w, th = args + defaults[len(args):]
        return teachers.run(t, i, e, w, th, channels_last="channels-last" in words)
    if what == "student":
        e, th = args + [3, 2][len(args):]
        return student(e, th)
    if what == "sgemm":
        return sgemm(args[0] if args else 1)
    if what == "batches":
        i, r = args + [4096, 6][len(args):]
        return batches(i, r, "channels-last" in words)
    raise SystemExit("unknown command: " + " ".join(words)
                     + " (expected teacher, student, sgemm, batches or serve)")


def main():
    words = sys.argv[1:] or ["teacher"]
    if "flush-denormal" in words:
        # Subnormal floats slow a confident student's late epochs several times over. The flag
        # is per thread and OpenMP's workers copy it when they start, so it is set first, for the
        # whole process (a later call would leave the running workers unflushed).
        torch.set_flush_denormal(True)
    teachers = Teachers()
    try:
        if words[0] == "serve":
            print(json.dumps({"ready": torch.__version__}), flush=True)
            for line in sys.stdin:
                if line.strip():
                    print(json.dumps(command(line.split(), teachers)), flush=True)
        else:
            print(json.dumps(command(words, teachers)))
    finally:
        teachers.close()


if __name__ == "__main__":
    main()
